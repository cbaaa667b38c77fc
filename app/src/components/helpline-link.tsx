import { useRuntimeConfig } from '@/config/runtime-config-context';

/** The helpline number from the runtime config, as a link that dials it on a phone. */
export function HelplineLink() {
  const { helpline } = useRuntimeConfig();
  return (
    <a className="helpline" href={`tel:${helpline.replace(/[^\d+]/g, '')}`}>
      <span className="helpline__label">Helpline</span> <span data-testid="helpline">{helpline}</span>
    </a>
  );
}
