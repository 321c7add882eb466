/** The number typed in a field (a decimal comma read as a point); undefined when blank, NaN when not a number (the schema then names it). */
export const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));
