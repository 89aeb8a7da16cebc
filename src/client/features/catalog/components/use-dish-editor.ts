import { MAX_DISH_IMAGE_BYTES } from '@shared/constants.ts';
import type { CreateProductBody, Product } from '@shared/contract/catalog.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@client/lib/error-message.ts';
import { ApiError } from '@client/lib/api-client.ts';
import { useFocusFirstProblem } from '@client/lib/use-focus-first-problem.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { uploadDishPicture } from '../api/manage-menu.ts';
import { type OptionProblems, serverOptionProblem } from './option-drafts.ts';
import { type Draft, type Problems, check, draftOf, serverFieldProblem } from './dish-draft.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type BranchOffers, BranchOffersFailed } from './use-branch-offers.ts';

/**
 * The dish dialog's state and its save (dish-editor.tsx): the draft, its problems, the picture's
 * upload, and the submission, whose refusal by the server shows beside its field.
 */
export function useDishEditor({
  open,
  product,
  categories,
  offers,
  onSave,
}: {
  open: boolean;
  product: Product | null;
  categories: string[];
  /** The branches' "Offered here" and "Price here", of the dish and its values (use-branch-offers.ts), saved after the dish. */
  offers: BranchOffers;
  onSave: (body: CreateProductBody, saveBranches: (productId: string) => Promise<void>) => Promise<void>;
}) {
  const numbers = useNumbers();
  const [draft, setDraft] = useState(() => draftOf(product, categories, numbers));
  const [problems, setProblems] = useState<Problems>({});
  const [optionProblems, setOptionProblems] = useState<OptionProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  // A refused save brings its first problem into view and focus (the dialog is long: a problem
  // out of sight made Save seem to do nothing, issue 44 point 7).
  const { ref: form, focusFirst } = useFocusFirstProblem();

  // A new opening starts from the dish as it is now (or blank for a new one).
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(product, categories, numbers));
    setProblems({});
    setOptionProblems({});
    setFailure(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens or another dish is edited
  }, [open, product?._id]);

  useEffect(() => () => upload.current?.abort(), []);

  // A problem on screen goes as soon as its field is right again (issue 41, point 9); none shows before a save.
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (key in problems && problems[key as keyof Problems])
      setProblems({ ...problems, [key]: check(next, numbers).problems[key as keyof Problems] });
  };

  async function choosePicture(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    if (file.size > MAX_DISH_IMAGE_BYTES) {
      setProblems((p) => ({
        ...p,
        img: t('menuAdmin.pictureTooBig', 'The picture must be at most {{n}} MB.', {
          n: numbers.number(MAX_DISH_IMAGE_BYTES / 1024 / 1024),
        }),
      }));
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const stored = await uploadDishPicture(file, setProgress, controller.signal);
      setDraft((current) => ({ ...current, img: stored.url, imgSrcset: stored.srcset }));
      setProblems((p) => ({ ...p, img: undefined }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setProblems((p) => ({ ...p, img: errorMessage(error, t('menuAdmin.theUpload', 'the upload')) }));
    } finally {
      if (upload.current === controller) setProgress(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { problems: found, optionProblems: foundInOptions, body } = check(draft, numbers);
    setProblems(found);
    setOptionProblems(foundInOptions);
    // The branches' prices of the option values the dish keeps (a value new or deleted here has none to send).
    const kept = draft.options.flatMap((group) => group.values.flatMap((value) => value._id ?? []));
    const branchesRight = offers.check(kept);
    if (!body || !branchesRight) {
      focusFirst();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(body, (productId) => offers.save(productId, kept));
    } catch (error) {
      if (error instanceof BranchOffersFailed) {
        setFailure(error.message);
        focusFirst();
        return;
      }
      // A refusal of the options ("options.0.values.1.price: …") shows next to its field.
      // So does one of the dish's own fields ("price may carry at most two decimals").
      const refused =
        error instanceof ApiError && error.status === 400 && error.serverMessage ? error.serverMessage : null;
      const inOptions = refused ? serverOptionProblem(refused) : null;
      const inField = refused && !inOptions ? serverFieldProblem(refused) : null;
      if (inOptions) setOptionProblems(inOptions);
      else if (inField) setProblems(inField);
      else setFailure(errorMessage(error, t('menuAdmin.savingTheDish', 'saving the dish')));
      if (inOptions || inField) focusFirst();
    } finally {
      setSaving(false);
    }
  }

  return { draft, set, problems, optionProblems, failure, saving, progress, form, choosePicture, submit };
}
