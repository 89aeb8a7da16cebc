import { t } from '@shared/i18n/i18n.ts';
/** The four-question FAQ accordion with placeholder answers (docs/reference/storefront.md §1). One answer is open at a time. */
const QUESTIONS = () => [
  t('home.howDoIOrderFood', 'How do I order food for delivery?'),
  t('home.canIReserveATable', 'Can I reserve a table online?'),
  t('home.whichPaymentMethodsDoYou', 'Which payment methods do you accept?'),
  t('home.doYouHaveVegetarianDishes', 'Do you have vegetarian dishes?'),
];
const ANSWER = () =>
  t(
    'home.faqAnswer',
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
  );

export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <div className="mb-8 text-center">
        <p className="font-semibold text-primary">{t('home.faq', 'FAQ')}</p>
        <h2 id="faq-title" className="text-3xl font-bold sm:text-4xl">
          {t('home.frequentlyAskedQuestions', 'Frequently asked questions')}
        </h2>
      </div>
      <div className="join join-vertical w-full bg-base-100">
        {QUESTIONS().map((question, index) => (
          <details
            key={question}
            name="faq"
            open={index === 0}
            className="collapse collapse-arrow join-item border border-base-300"
          >
            <summary className="collapse-title font-semibold">{question}</summary>
            <div className="collapse-content text-base-content/80">
              <p>{ANSWER()}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
