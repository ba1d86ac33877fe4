/**
 * Saves `data` as a file named `fileName` in the browser: a temporary object URL on a hidden link,
 * clicked, then released once the download has started. Used by the calendar (.ics), the attendance
 * export, the gradebook export and the bulk-invitation report (.csv).
 */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Let the browser start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** Saves `text` as a UTF-8 CSV file (the text carries its own byte-order mark when it needs one). */
export function saveCsv(text: string, fileName: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
