/** Starts a download of a same-origin URL (the session cookie goes with it). */
export function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
