import { Badge } from '@pitwall/kit';

/** The race event's weather as a badge, or 'Weather not specified' (spec §2). */
export function WeatherBadge({ weather }: { weather: string | null }) {
  return weather && weather.trim() ? <Badge tone="primary">{weather}</Badge> : <Badge tone="neutral">Weather not specified</Badge>;
}
