/** Where the links in a reminder's message point: PUBLIC_URL, or paths on this server when it is not set. */
export const settings = { publicUrl: '' };

export function configureReminders(config: { publicUrl: string | undefined }): void {
  settings.publicUrl = (config.publicUrl ?? '').replace(/\/+$/, '');
}
