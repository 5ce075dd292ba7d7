/** Download a file the server made (a bulk zip or report) by its URL, without leaving the page. */
export function saveUrl(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Download text made here (a CIBE email) as a .txt file of this name. */
export function saveText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
