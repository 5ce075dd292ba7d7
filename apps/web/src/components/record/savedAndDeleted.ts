/** What every record page says after a save and after a delete (the spec's words), and where a delete sends the user: the record's list. */
export const savedAndDeleted = (listPath: string) => ({ savedMessage: () => 'Saved successfully!', removedMessage: 'Deleted.', afterRemove: listPath });
