import { Link } from 'react-router';

/** SPEC §2's 404 page. The static server answers unknown paths with this page and HTTP 404. */
export function NotFoundPage() {
  return (
    <div className="page--centered">
      <title>404 page not found</title>
      <h1 className="page__title">404 page not found</h1>
      <Link className="button" to="/">
        Back to Home
      </Link>
    </div>
  );
}
