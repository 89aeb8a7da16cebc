import type { Product } from '@shared/contract/catalog.ts';
import { TEXT } from '@shared/texts.ts';
import { OPTION_TEXT } from '@shared/texts-ordering.ts';
import { missingGroup } from '@shared/domain/option-choice.ts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { CartIcon, HeartIcon } from '@client/components/ui/icons.tsx';
import { useAuth } from '@client/data/account-session.tsx';
import { showAlert, showSuccess } from '@client/lib/dialogs.ts';
import { useOwnRecord } from '@client/data/account-record.ts';
import {
  hasPendingFavorite,
  favoriteEntry,
  useAddFavorite,
  useRemoveFavorite,
} from '@client/features/favorites/api/favorites.ts';
import { orderEntry, usePlaceOrder } from '../api/orders.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useModalFor } from '@client/lib/use-modal-for.ts';
import { useSubmission } from '@client/lib/use-submission.ts';
import { OrderConfirmationModal } from './order-confirmation-modal.tsx';
import { PausedCartNote } from '@client/components/ui/ordering-paused.tsx';
import { useOrderingPause } from '@client/data/ordering-pause.ts';
import { SignInLink } from '@client/components/ui/sign-in-link.tsx';
import { t } from '@shared/i18n/i18n.ts';

/** A required option group left without a choice when Add to Cart was pressed. */
export type MissingChoice = { groupId: number; message: string };

/**
 * The dish page's Favorite/Unfavorite and Add to Cart (docs/reference/storefront.md §2, §4). Signed out, both
 * lead to sign-in and come back here; while the session is being read they wait, disabled.
 * `choice` is the chosen option values (docs/reference/ordering.md "Dish options"); Add to Cart with a required
 * group left unchosen opens no dialog and calls `onMissingChoice` with the contract's text.
 */
export function DishActions({
  product,
  quantity,
  choice = [],
  onMissingChoice,
}: {
  product: Product;
  quantity: number;
  choice?: readonly number[];
  onMissingChoice?: (missing: MissingChoice) => void;
}) {
  const { status, user } = useAuth();
  if (status === 'loading') {
    return (
      <>
        <button type="button" className="btn btn-outline btn-lg" disabled>
          <HeartIcon /> {TEXT.favorite}
        </button>
        <button type="button" className="btn btn-primary btn-lg" disabled>
          <CartIcon /> {TEXT.addToCart}
        </button>
      </>
    );
  }
  if (!user) {
    return (
      <>
        <SignInLink className="btn btn-outline btn-lg">
          <HeartIcon /> {TEXT.favorite}
        </SignInLink>
        {product.available ? (
          <SignInLink className="btn btn-primary btn-lg">
            <CartIcon /> {TEXT.addToCart}
          </SignInLink>
        ) : (
          <SoldOutCart product={product} />
        )}
      </>
    );
  }
  return (
    <>
      <FavoriteButton product={product} quantity={quantity} email={user.email} />
      <AddToCart
        product={product}
        quantity={quantity}
        email={user.email}
        choice={choice}
        onMissingChoice={onMissingChoice}
      />
    </>
  );
}

/**
 * Unfavorite when the guest's favourite of this dish is Pending, or right after Favorite;
 * Unfavorite removes it and the button reads Favorite again (docs/reference/storefront.md §4 "Favorite").
 */
function FavoriteButton({ product, quantity, email }: { product: Product; quantity: number; email: string }) {
  const record = useOwnRecord();
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const [justFavorited, setJustFavorited] = useState(false);
  const favorited = justFavorited || hasPendingFavorite(record.data?.favorites, product._id);
  const busy = add.isPending || remove.isPending;

  async function toggle() {
    try {
      if (favorited) {
        const answer = await remove.mutateAsync({ email, dishId: product._id });
        setJustFavorited(false);
        void showSuccess(answer.message);
      } else {
        const answer = await add.mutateAsync({ email, entry: favoriteEntry(product, quantity, email) });
        setJustFavorited(true);
        void showSuccess(answer.message);
      }
    } catch (error) {
      void showAlert(errorMessage(error, favorited ? 'removing the favourite' : 'adding the favourite'), 'error');
    }
  }

  return (
    <button
      type="button"
      className={`btn btn-lg ${favorited ? 'btn-secondary' : 'btn-outline'}`}
      onClick={() => void toggle()}
      disabled={busy}
      aria-busy={busy}
    >
      <HeartIcon fill={favorited ? 'currentColor' : 'none'} />
      {favorited ? TEXT.unfavorite : TEXT.favorite}
    </button>
  );
}

/** Add to Cart, disabled, with the reason beside it: a sold-out dish cannot be ordered. */
function SoldOutCart({ product }: { product: Product }) {
  const id = useId();
  return (
    <>
      <button type="button" className="btn btn-primary btn-lg" disabled aria-describedby={id}>
        <CartIcon /> {TEXT.addToCart}
      </button>
      <p id={id} className="basis-full text-sm font-medium">
        {product.name} is sold out for now, so it cannot be ordered.
      </p>
    </>
  );
}

/** Add to Cart opens the confirmation; Confirm Order books it and shows the server's message. */
function AddToCart({
  product,
  quantity,
  email,
  choice,
  onMissingChoice,
}: {
  product: Product;
  quantity: number;
  email: string;
  choice: readonly number[];
  onMissingChoice: ((missing: MissingChoice) => void) | undefined;
}) {
  const modal = useModalFor<Product>();
  const { pending, failure, submit, clearFailure } = useSubmission(t('orders.yourOrder', 'your order'));
  const place = usePlaceOrder();
  const navigate = useNavigate();
  const pausedNoteId = useId();
  const paused = useOrderingPause() !== null;

  async function confirm() {
    const answer = await place.mutateAsync({ email, entry: orderEntry(product, quantity, email, choice) });
    // The line is in the bag, not yet in the kitchen: the next step is the checkout.
    modal.succeed(answer.message, { label: TEXT.checkout, run: () => void navigate(PATHS.checkout) });
  }

  if (!product.available) return <SoldOutCart product={product} />;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-lg"
        aria-describedby={paused ? pausedNoteId : undefined}
        onClick={() => {
          clearFailure();
          const missing = missingGroup(product.options, choice);
          if (missing) {
            onMissingChoice?.({ groupId: missing._id, message: OPTION_TEXT.choose(missing.name, product.name) });
            return;
          }
          modal.show(product);
        }}
      >
        <CartIcon /> {TEXT.addToCart}
      </button>
      <PausedCartNote id={pausedNoteId} />
      <OrderConfirmationModal
        open={modal.open}
        onClose={modal.close}
        onConfirm={() => void submit(confirm)}
        product={product}
        quantity={quantity}
        choice={choice}
        email={email}
        pending={pending}
        error={failure}
      />
    </>
  );
}
