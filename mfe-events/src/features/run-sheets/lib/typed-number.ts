/** A number typed on a phone ('12,5' or '12.5'); null when blank or not a number. */
export const typedNumber = (text: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || Number.isNaN(value) ? null : value;
};
