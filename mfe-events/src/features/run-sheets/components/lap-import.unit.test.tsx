import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LapImport } from './lap-import';

/** An Al Kamel 'Analysis' file of car 7 (one lap) and car 007 (311 laps, a 24-hour race's count). */
const file = [
  ' NUMBER; DRIVER_NUMBER; LAP_NUMBER; LAP_TIME; CROSSING_FINISH_LINE_IN_PIT; S1; S2; S3; DRIVER_NAME; PIT_TIME;',
  '7;1;1;3:30.100;;;;;Mike CONWAY;;',
  ...Array.from({ length: 311 }, (_, i) => `007;1;${i + 1};3:2${i % 10}.500;;;;;Tom GAMBLE;;`),
].join('\n');

describe('Import Lap Times', () => {
  it('offers 7 and 007 as two cars, remembers the spelling chosen, and hands on every lap of it, more than 300', async () => {
    localStorage.clear();
    const onUse = vi.fn();
    render(<LapImport carId={4} trackLengthKm={null} members={[]} onUse={onUse} />);
    await userEvent.upload(screen.getByLabelText('Import file'), new File([file], 'analysis.csv', { type: 'text/csv' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the imported lap times' }, { timeout: 5000 });
    const car = within(preview).getByLabelText('Our car number');
    expect(within(car).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', '#7', '#007']);
    await userEvent.selectOptions(car, '007');
    expect(await within(preview).findByText(/^311 laps read/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem('pitwall:timing-car-number:4')).toBe('007');
    await userEvent.click(within(preview).getByRole('button', { name: 'Use These Laps' }));
    expect(onUse.mock.calls[0]![0]).toHaveLength(311);
    expect(onUse.mock.calls[0]![0][310]).toMatchObject({ lapTimeMs: 200_500, driverName: 'Tom GAMBLE' });
  });

  it('lists the first 20 lines it cannot read and says how many more there are', async () => {
    render(<LapImport carId={4} trackLengthKm={null} members={[]} onUse={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('Paste lap times'));
    await userEvent.paste([...Array.from({ length: 25 }, (_, i) => `${i + 1} 1:4x.${i}`), ...Array.from({ length: 30 }, (_, i) => `${i + 26} 1:42.${String(i).padStart(3, '0')}`)].join('\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('25 lines could not be read and will be left out:');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(21);
    expect(alert).toHaveTextContent('and 5 more lines');
  });
});
