import { detectStays, distanceM, STAY_RULE, type Sample } from '../../src/domain/places/stays.ts';
import { day, local } from './day-fixture.ts';

const places = day.places.map((p) => ({ id: p.name, lat: p.lat, lng: p.lng, radiusM: p.radius_m }));
const samples: Sample[] = day.samples.map((s) => ({ lat: s.lat, lng: s.lng, at: new Date(s.recorded_at), accuracyM: s.accuracy_m }));
const iso = (d: Date) => d.toISOString();

test('a recorded day: five visits at known places (the phone-off gap splits the afternoon), one new place, nothing for the short stops', () => {
  const { stays, clusters } = detectStays(samples, places);
  // Each visit runs from the first to the last sample inside the place's radius: walking in and
  // out adds a minute or two at the edges, which the expectations name exactly.
  expect(stays.map((s) => [s.placeId, iso(s.start), iso(s.end)])).toEqual([
    ['Home', local('00:00'), local('07:51')],
    ['Office', local('08:18'), local('12:02')],
    ['Office', local('12:53'), local('13:59')],
    ['Office', local('14:45'), local('17:21')],
    ['Home', local('17:58'), local('23:55')],
  ]);
  expect(clusters).toHaveLength(1);
  const [cafe] = clusters;
  expect(distanceM(cafe, { lat: 52.5255, lng: 13.39 })).toBeLessThan(30);
  expect([iso(cafe.start), iso(cafe.end)]).toEqual([local('12:09'), local('12:46')]);
});

test('the result is the same for the same input, and does not depend on the order of the places', () => {
  expect(detectStays(samples, [...places].reverse())).toEqual(detectStays(samples, places));
});

test('without known places, the long stays become new places and the short stops nothing', () => {
  const { stays, clusters } = detectStays(samples, []);
  expect(stays).toEqual([]);
  expect(clusters.every((c) => c.end.getTime() - c.start.getTime() >= STAY_RULE.CLUSTER_MIN_MS)).toBe(true);
  // Home twice, the office three times (the wild fix is ignored, the phone-off gap splits), the cafe.
  expect(clusters).toHaveLength(6);
});

test('boundaries: 5 minutes at a place is a visit and 4:59 is not; a wild fix does not split a stay', () => {
  const home = places[0];
  const at = (min: number, sec = 0, extra: Partial<Sample> = {}) => ({
    lat: home.lat,
    lng: home.lng,
    at: new Date(Date.UTC(2026, 0, 1, 8, min, sec)),
    accuracyM: 10,
    ...extra,
  });
  expect(detectStays([at(0), at(5)], [home]).stays).toHaveLength(1);
  expect(detectStays([at(0), at(4, 59)], [home]).stays).toHaveLength(0);
  const wild = at(2, 0, { lat: home.lat + 0.05, accuracyM: STAY_RULE.MAX_ACCURACY_M + 1 });
  expect(detectStays([at(0), wild, at(5)], [home]).stays).toHaveLength(1);
  expect(detectStays([at(0), { ...wild, accuracyM: 20 }, at(5)], [home]).stays).toHaveLength(0);
  // A gap of more than 30 minutes ends a stay.
  expect(detectStays([at(0), at(31)], [home]).stays).toHaveLength(0);
});

test('a cluster within 100 m of a known place is not suggested, even outside its radius', () => {
  const home = places[0];
  const near = (min: number) => ({ lat: home.lat + 0.0008, lng: home.lng, at: new Date(Date.UTC(2026, 0, 1, 8, min)), accuracyM: 10 });
  expect(distanceM(near(0), home)).toBeGreaterThan(home.radiusM - 20);
  const tight = { ...home, radiusM: 50 };
  expect(detectStays([near(0), near(10), near(20)], [tight]).clusters).toEqual([]);
  expect(detectStays([near(0), near(10), near(20)], []).clusters).toHaveLength(1);
});
