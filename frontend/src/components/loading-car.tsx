import { useTranslation } from 'react-i18next';
import { useBusy } from '@/api/use-busy';
import './loading-car.css';

/** A small car driving along a road, shown while an authenticated call runs. It never blocks clicks. */
export function LoadingCar() {
  const busy = useBusy();
  const { t } = useTranslation();
  if (!busy) return null;
  return (
    <div className="loading-car" role="status" aria-label={t('app.loading')}>
      <svg className="loading-car__svg" viewBox="0 0 120 48" width="120" height="48" aria-hidden="true">
        <g className="loading-car__body">
          <path d="M14 30 L24 18 Q27 15 31 15 L68 15 Q73 15 77 19 L87 28 L102 31 Q108 32 108 38 L108 40 L14 40 Z" />
          <path className="loading-car__window" d="M30 19 L66 19 Q69 19 72 22 L79 28 L25 28 Z" />
        </g>
        <g className="loading-car__wheel" style={{ transformOrigin: '34px 40px' }}>
          <circle cx="34" cy="40" r="7" />
          <path d="M34 34 L34 46 M28 40 L40 40" />
        </g>
        <g className="loading-car__wheel" style={{ transformOrigin: '90px 40px' }}>
          <circle cx="90" cy="40" r="7" />
          <path d="M90 34 L90 46 M84 40 L96 40" />
        </g>
        <path className="loading-car__road" d="M0 47.5 L120 47.5" />
      </svg>
    </div>
  );
}
