import { racingName, useBranding } from '@pitwall/kit';
import styles from './dashboard.module.css';

const FEATURES = [
  { title: 'Manage Cars', text: 'Keep basic data, gear ratios, suspension, tire pressures and maintenance for every car.' },
  { title: 'Log Events', text: 'Plan race events with their technical setup, notes and images.' },
  { title: 'Track Issues', text: 'Record issues, tools and parts to sort out before the next event.' },
  { title: 'Image Gallery', text: 'Keep photos of each car and event in one place.' },
];

/** The welcome panel of docs/product.md, 'Dashboard': the four things Pitwall does. */
export function WelcomePanel() {
  const { branding } = useBranding();
  return (
    <section className={styles.welcome} aria-labelledby="welcome-title">
      <h2 id="welcome-title" className={styles.welcomeTitle}>{`Welcome to ${racingName(branding.teamName)}`}</h2>
      <ul className={styles.features}>
        {FEATURES.map((f) => (
          <li key={f.title} className={styles.feature}>
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
