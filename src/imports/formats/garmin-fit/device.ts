/** The device a FIT file came from: its name as a reading's source, and a key that tells two devices of one model apart. */
export type Device = { source: string; key: string };

/** "wahooFitness" -> "Wahoo Fitness": the SDK names manufacturers and products in camel case. */
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
/** "fenix7" -> "fenix 7", "edge820" -> "edge 820": the profile's product names run the model number in. */
const spaced = (name: string) => name.replace(/([a-z])(\d)/g, '$1 $2');
// eslint-disable-next-line no-control-regex
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, '').trim();

/**
 * From a file_id message: "Garmin fenix 7", "Garmin vivoFit", "Wahoo Fitness product 31" (a maker's
 * product the SDK's profile does not name), the file's own product_name where it gives one. Each
 * device is a source the user ranks; the serial number keeps two watches of one model apart in
 * the readings' source ids.
 */
export function deviceOf(fileId: Record<string, unknown> | null): Device {
  const f = fileId ?? {};
  const manufacturer = f.manufacturer;
  const maker =
    typeof manufacturer === 'string' ? words(manufacturer) : typeof manufacturer === 'number' ? `manufacturer ${manufacturer}` : '';
  const named = [f.garminProduct, f.faveroProduct].find((p): p is string => typeof p === 'string');
  const productName = typeof f.productName === 'string' ? printable(f.productName) : '';
  const model = productName || (named ? spaced(named) : typeof f.product === 'number' ? `product ${f.product}` : '');
  const source = (printable([maker, model].filter(Boolean).join(' ')) || 'FIT device').slice(0, 100);
  const serial = typeof f.serialNumber === 'number' ? f.serialNumber : null;
  return { source, key: [source, serial ?? ''].join('|') };
}
