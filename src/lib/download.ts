/** Hands an address to the browser's downloads, through a real link, saved as `fileName`. */
export function downloadHref(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a file to the browser's downloads. */
export function downloadFile(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadHref(url, fileName);
  // The download has started from the click; the object URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
