/** A client's name as the list and the dialogs show it. */
export const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;
