import { Link } from 'react-router-dom';

/**
 * 'Car not found' (docs/product.md, 'Screens and routes': a missing car or a bad id), with the way back: 'Back to Dashboard'.
 * Shared by every car page (details, events, issues, gallery) so they look and behave the same.
 */
export function CarNotFound() {
  return (
    <div className="pw-not-found">
      <h1 className="pw-not-found__title">Car not found</h1>
      <p>This car does not exist or belongs to another team.</p>
      <Link className="pw-button pw-button--primary pw-button--md" to="/">
        Back to Dashboard
      </Link>
    </div>
  );
}
