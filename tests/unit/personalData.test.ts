// #40 The location settings' personal-data section: what the browser checks and sends, and when
// "start from the template" asks before it replaces the editor's text.
import { describe, expect, it } from 'vitest';
import { personalDataBody, personalDataErrors, personalDataValues, templateReplacesText } from '../../src/resources/locations/personalData';

describe('personal data settings', () => {
  it('start from the location as read, empty where it has nothing', () => {
    expect(personalDataValues({})).toEqual({ privacy_policy_url: '', personal_data_consent_text: '' });
    expect(personalDataValues({ privacy_policy_url: 'https://example.com/privacy', personal_data_consent_text: 'Я даю согласие', personal_data_consent_version: 3 }))
      .toEqual({ privacy_policy_url: 'https://example.com/privacy', personal_data_consent_text: 'Я даю согласие' });
  });

  it('require the consent text and leave the link to the server', () => {
    expect(personalDataErrors({ privacy_policy_url: 'not a link', personal_data_consent_text: '  \n ' })).toEqual({ personal_data_consent_text: 'ra.validation.required' });
    expect(personalDataErrors({ privacy_policy_url: '', personal_data_consent_text: 'Текст' })).toEqual({});
  });

  it('send both trimmed', () => {
    expect(personalDataBody({ privacy_policy_url: ' https://example.com/p ', personal_data_consent_text: '\nТекст\n' }))
      .toEqual({ privacy_policy_url: 'https://example.com/p', personal_data_consent_text: 'Текст' });
  });

  it('ask before the template replaces a text only when there is one that is not the template', () => {
    expect(templateReplacesText('', 'Шаблон')).toBe(false);
    expect(templateReplacesText('  ', 'Шаблон')).toBe(false);
    expect(templateReplacesText('Шаблон\n', 'Шаблон')).toBe(false);
    expect(templateReplacesText('Мой текст', 'Шаблон')).toBe(true);
  });
});
