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
