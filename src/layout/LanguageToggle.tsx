// RU/EN toggle. react-admin's store keeps the choice in localStorage, so it survives reloads;
// the HTTP client sends it as Accept-Language. #42 switchLanguage re-renders in place: what was typed stays.
import { useEffect } from 'react';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { switchLanguage } from '../i18n';

export function LanguageToggle({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  // The tab's title and the page's language follow the chosen language (index.html starts in ru).
  useEffect(() => {
    document.title = translate('app.title');
    document.documentElement.lang = locale;
  }, [translate, locale]);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      aria-label={translate('app.header.language')}
      onChange={(_, value: string | null) => { if (value === 'ru' || value === 'en') void switchLanguage(value); }}
      sx={color === 'inherit' ? { '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.5)', py: 0.25 }, '& .Mui-selected': { bgcolor: 'rgba(255,255,255,0.25) !important', color: 'inherit' } } : undefined}
    >
      <ToggleButton value="ru" lang="ru">RU</ToggleButton>
      <ToggleButton value="en" lang="en">EN</ToggleButton>
    </ToggleButtonGroup>
  );
}
