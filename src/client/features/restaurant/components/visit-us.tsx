import { t } from '@shared/i18n/i18n.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { type WallClock, openingState, openingText } from '@shared/domain/opening.ts';
import { PATHS } from '@shared/paths.ts';
import { Link } from 'react-router';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { OpeningHoursTable } from '@client/components/ui/opening-hours-table.tsx';
import { PlaceContact } from '@client/components/ui/place-contact.tsx';
import { usePlaceName } from '@client/components/ui/branch-switch.tsx';
import { useMoney, useNumbers, useRestaurant } from '@client/data/restaurant.ts';
import { useWallClock } from '@client/lib/use-wall-clock.ts';

/**
 * The About page's "Visit us" block, all from the restaurant's settings: name, address with a
 * map link, phone, opening hours per day with today's highlighted and whether it is open now,
 * and the ways to eat that are switched on.
 */
export function VisitUs() {
  const restaurant = useRestaurant();
  const place = usePlaceName(restaurant.data?.name);
  const clock = useWallClock(restaurant.data?.timeZone);
  return (
    <section aria-labelledby="visit-title" className="bg-base-200/70">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="visit-title" className="mb-8 text-center text-3xl font-bold sm:text-4xl">
          {restaurant.data
            ? t('about.visitName', 'Visit {{name}}', { name: place ?? restaurant.data.name })
            : t('about.visitUs', 'Visit us')}
        </h2>
        {restaurant.isError ? (
          <QueryError
            what="our address and opening hours"
            error={restaurant.error}
            onRetry={() => void restaurant.refetch()}
            retrying={restaurant.isFetching}
          />
        ) : restaurant.isPending ? (
          <Spinner label={t('about.loadingOurAddressAndOpening', 'Loading our address and opening hours')} />
        ) : (
          <VisitDetails settings={restaurant.data} clock={clock} />
        )}
      </div>
    </section>
  );
}

function VisitDetails({ settings, clock }: { settings: RestaurantSettings; clock: WallClock | undefined }) {
  const money = useMoney();
  const { number } = useNumbers();
  const state = clock && openingState(settings, clock);
  const ways = [
    settings.fulfilment.dineIn && t('about.eatIn', 'Eat in with us'),
    settings.fulfilment.pickup && t('about.pickUpAtCounter', 'Pick up at the counter'),
    settings.fulfilment.delivery &&
      [
        t('about.deliveryToDoor', 'Delivery to your door'),
        settings.fulfilment.deliveryFee > 0
          ? t('about.deliveryFee', '{{fee}} delivery fee', { fee: money(settings.fulfilment.deliveryFee) })
          : t('about.freeDelivery', 'free delivery'),
        settings.fulfilment.deliveryMinimum > 0 &&
          t('about.ordersFrom', 'orders from {{minimum}}', { minimum: money(settings.fulfilment.deliveryMinimum) }),
      ]
        .filter(Boolean)
        .join(', '),
  ].filter((way): way is string => typeof way === 'string');
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div className="flex flex-col gap-5 rounded-box bg-base-100 p-6 shadow-sm">
        <PlaceContact address={settings.address} phone={settings.phone} Heading="h3" />
        <div>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-base-content/80">
            {t('about.howToEatWithUs', 'How to eat with us')}
          </h3>
          <ul className="mt-1 list-inside list-disc">
            <li>
              <Link className="link link-primary" to={PATHS.reserve}>
                {t('about.bookATable', 'Book a table')}
              </Link>{' '}
              {t('about.forUpToGuests', 'for up to {{max}} guests', {
                max: number(settings.reservations.maxPartySize),
              })}
            </li>
            {ways.map((way) => (
              <li key={way}>{way}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="rounded-box bg-base-100 p-6 shadow-sm">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-base-content/80">
            {t('about.openingHours', 'Opening hours')}
          </h3>
          {/* The badge keeps its place until the clock is known, so nothing moves when it fills in. */}
          <p
            className={`badge badge-lg ${state?.open ? 'badge-success' : state ? 'badge-neutral' : 'invisible'}`}
            role="status"
          >
            {state ? openingText(state) : 'Opening hours'}
          </p>
        </div>
        <OpeningHoursTable rules={settings} timeZone={settings.timeZone} clock={clock} />
      </div>
    </div>
  );
}
