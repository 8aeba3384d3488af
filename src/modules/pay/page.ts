// PLACEHOLDER written by the backend engineer so the routes compile; helper-4 replaces this file.
export function renderPayPage(opts: { invoiceId: string; nonce: string; title?: string }): string {
  return `<!doctype html><title>${opts.title ?? 'Pay'}</title><p>${opts.invoiceId.replace(/[^0-9a-f-]/gi, '')}</p>`;
}
