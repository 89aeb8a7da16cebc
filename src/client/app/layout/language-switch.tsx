import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGE_PARAM, type Language } from '@shared/i18n/languages.ts';

/** A year: the guest's choice outlives the visit. */
const KEEP_SECONDS = 365 * 24 * 3600;

/**
 * The header's "English" / "বাংলা" (docs/reference/service.md "Bangla and English"): the choice goes in the
 * `lang` cookie and the page loads again in that language, from the server, with only that
 * language's catalog (docs/decisions/045). A `?lang=` in the address gives way to the choice.
 */
export function choose(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${KEEP_SECONDS}; samesite=lax`;
  const url = new URL(window.location.href);
  url.searchParams.delete(LANGUAGE_PARAM);
  window.location.assign(url.toString());
}

export function LanguageSwitch() {
  const current = currentLanguage();
  return (
    <div role="group" aria-label={t('header.language', 'Language')} className="join shrink-0">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          className={`btn join-item btn-xs ${language === current ? 'btn-active' : 'btn-ghost'}`}
          onClick={() => language !== current && choose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
