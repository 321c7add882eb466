import { Link } from 'react-router-dom';

/** The 404 page (docs/product.md, 'Screens and routes': any other path). Shared so a remote's unknown sub-path looks the same. */
export function NotFoundPage() {
  return (
    <div className="pw-not-found">
      <h1 className="pw-not-found__title">404 Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link className="pw-button pw-button--primary pw-button--md" to="/">
        Back to Dashboard
      </Link>
    </div>
  );
}
