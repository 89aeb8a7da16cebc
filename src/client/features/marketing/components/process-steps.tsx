import { t } from '@shared/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { MapPinIcon, TruckIcon, UtensilsIcon, WalletIcon } from '@client/components/ui/icons.tsx';

const STEPS = (): { title: string; text: string; icon: ReactNode }[] => [
  {
    title: t('home.setYourLocation', 'Set your location'),
    text: t('home.tellUsWhereYouAre', 'Tell us where you are and we show what we can bring to you.'),
    icon: <MapPinIcon size={28} />,
  },
  {
    title: t('home.selectFood', 'Select food'),
    text: t('home.browseTheMenuPickYour', 'Browse the menu, pick your dishes and choose how many.'),
    icon: <UtensilsIcon size={28} />,
  },
  {
    title: t('home.payCashOrOnline', 'Pay cash or online'),
    text: t('home.payWhenYourFoodArrives', 'Pay when your food arrives, or online by bank, bKash or Nagad.'),
    icon: <WalletIcon size={28} />,
  },
  {
    title: t('home.deliveryOrPickup', 'Delivery or pickup'),
    text: t('home.weBringItToYour', 'We bring it to your door, or it waits for you warm at the counter.'),
    icon: <TruckIcon size={28} />,
  },
];

/** The four-step dining process (docs/reference/storefront.md §1). */
export function ProcessSteps() {
  return (
    <section aria-labelledby="process-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="mb-10 text-center">
          <p className="font-semibold text-primary">{t('home.howItWorks', 'How it works')}</p>
          <h2 id="process-title" className="text-3xl font-bold sm:text-4xl">
            {t('home.fromOurKitchenToYour', 'From our kitchen to your table in four steps')}
          </h2>
        </div>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS().map((step, index) => (
            <li
              key={step.title}
              className="flex flex-col items-center gap-3 rounded-box bg-base-100 p-6 text-center shadow-sm"
            >
              <span className="relative flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
                {step.icon}
                <span className="badge badge-sm badge-primary absolute -top-1 -right-1" aria-hidden="true">
                  {index + 1}
                </span>
              </span>
              <h3 className="text-lg font-bold">{step.title}</h3>
              <p className="text-sm leading-relaxed text-base-content/80">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
