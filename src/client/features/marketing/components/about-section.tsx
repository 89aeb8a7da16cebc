import { t } from '@shared/i18n/i18n.ts';
import { ABOUT_STORY_PICTURE } from '@shared/page-pictures.ts';
import { TEXT } from '@shared/texts.ts';
import { FIRST_PICTURE } from '@client/lib/first-picture.ts';

/** The About Section banner, the restaurant's story with pictures, and the 90k+ / 100+ counters (docs/reference/storefront.md §1). */
export function AboutSection() {
  return (
    <>
      <section
        aria-labelledby="about-title"
        className="bg-gradient-to-r from-secondary to-primary text-primary-content"
      >
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 id="about-title" className="text-4xl font-bold sm:text-5xl">
            {TEXT.aboutSection}
          </h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg">
            {t('home.whoWeAreHowWe', 'Who we are, how we cook, and what our guests say about us.')}
          </p>
        </div>
      </section>

      <section
        aria-labelledby="story-title"
        className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2"
      >
        <div className="grid grid-cols-2 gap-4">
          <img
            src={ABOUT_STORY_PICTURE}
            alt={t('home.spaghettiBologneseToppedWithParmesan', 'Spaghetti bolognese topped with parmesan')}
            width={640}
            height={480}
            {...FIRST_PICTURE}
            className="col-span-2 aspect-[16/9] w-full rounded-box object-cover shadow-md"
          />
          <img
            src="/images/dishes/demo-club-sandwich-640.webp"
            alt={t('home.aToastedClubSandwich', 'A toasted club sandwich')}
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-box object-cover shadow-md"
          />
          <img
            src="/images/dishes/demo-tiramisu-640.webp"
            alt={t('home.aSliceOfTiramisuDusted', 'A slice of tiramisu dusted with cocoa')}
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-box object-cover shadow-md"
          />
        </div>
        <div className="flex flex-col gap-5">
          <p className="font-semibold text-primary">{t('home.ourStory', 'Our story')}</p>
          <h2 id="story-title" className="text-3xl font-bold sm:text-4xl">
            {t('home.aFamilyKitchenThatGrew', 'A family kitchen that grew into a neighbourhood table')}
          </h2>
          <p className="leading-relaxed text-base-content/80">
            {t(
              'home.loremIpsumDolorSitAmet',
              'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.',
            )}
          </p>
          <p className="leading-relaxed text-base-content/80">
            {t(
              'home.duisAuteIrureDolorIn',
              'Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.',
            )}
          </p>
          <dl className="grid grid-cols-2 gap-4">
            <Counter value={TEXT.customersCount} label={TEXT.customers} />
            <Counter value={TEXT.branchCount} label={TEXT.branch} />
          </dl>
        </div>
      </section>
    </>
  );
}

function Counter({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-box border border-base-300 bg-base-100 p-5 text-center shadow-sm">
      <dt className="font-medium">{label}</dt>
      <dd className="font-display text-4xl font-bold text-primary">{value}</dd>
    </div>
  );
}
