import { Badge } from '@pitwall/kit';

/** The race event's weather as a badge, or 'Weather not specified' (docs/product.md, 'Race events'). */
export function WeatherBadge({ weather }: { weather: string | null }) {
  return weather && weather.trim() ? <Badge tone="primary">{weather}</Badge> : <Badge tone="neutral">Weather not specified</Badge>;
}
