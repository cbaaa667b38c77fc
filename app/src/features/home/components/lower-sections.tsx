/**
 * The home page's sections below the first screen (operators, blogs), a chunk of their own:
 * home-page.tsx loads it, with the rest of the texts, when the traveller scrolls near them, so
 * the first load does not carry them. The operators page shows the full list from here too.
 */
import { displayOperators, type Service } from 'core-wasm';
import { Link } from 'react-router';
import { useBlogs, useOperators } from '@/api/content';
import { servicePath } from '@/lib/site-context';
import { RemoteImage } from '@/components/remote-image';
import { Placeholder, Section } from '@/components/section';
import { messageText, t } from '@/i18n/messages';
import { localName } from '@/i18n/names';

/** Operators, ending with the core's 'Many more to come...' entry. */
export function OperatorsSection({ service, limit }: { service: Service; limit?: number }) {
  const operators = useOperators(service);
  const base = `/${servicePath(service)}/operator`;
  if (operators.status === 'error') return null;
  const list = operators.status === 'success' ? displayOperators(operators.data.operators.slice(0, limit)) : [];
  return (
    <Section title={t('home.operators')} more={limit ? base : undefined}>
      {operators.status === 'loading' ? (
        <Placeholder rows={3} className="placeholder--grid" />
      ) : (
        <ul className="operator-grid">
          {list.map((operator) =>
            operator._id ? (
              <li key={operator._id}>
                <Link className="operator-grid__item" to={`${base}/${encodeURIComponent(operator._id)}`}>
                  <RemoteImage path={operator.logo} width={48} height={48} className="operator-grid__logo" />
                  <span>{localName(operator, 'title')}</span>
                </Link>
              </li>
            ) : (
              <li key="more" className="operator-grid__item operator-grid__item--more">
                {messageText({ code: 'operators.manyMore', text: operator.title })}
              </li>
            ),
          )}
        </ul>
      )}
    </Section>
  );
}

/** Blog posts. */
export function BlogsSection({ service }: { service: Service }) {
  const blogs = useBlogs(service);
  if (blogs.status === 'error' || (blogs.status === 'success' && blogs.data.blogs.length === 0)) return null;
  return (
    <Section title={t('home.blogs')} id="blogs">
      {blogs.status === 'loading' ? (
        <Placeholder rows={1} className="placeholder--cards" />
      ) : (
        <ul className="scroller">
          {blogs.data.blogs.map((blog) => (
            <li key={blog._id} className="blog">
              <article className="blog__card">
                <RemoteImage path={blog.image} width={320} height={180} className="blog__image" />
                <h3 className="blog__title">
                  {/* A post is its own page, written by the server (no app around it). */}
                  {blog.url.startsWith('/') ? <a href={blog.url}>{blog.title}</a> : blog.title}
                </h3>
                <p className="blog__summary">{blog.summary}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
