/** The server strips spaces and dashes from phone numbers before checking them (contract PHONE_PATTERN). */
export const normalizePhone = (phone: string) => phone.replace(/[\s-]/g, '');
