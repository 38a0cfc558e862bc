import type { Program } from '@site/contracts/education';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { descriptorOf, loadContext, scriptedApi, textOf } from '@site/test-support';
import ProgramsList from './index';
import { load } from './load';

const ai: Program = {
  id: 'ai',
  title: 'Artificial Intelligence',
  link: '/programs#ai',
  level: 'master',
  duration: '2 years',
  format: 'Full-time',
  language: 'English',
};

describe('ProgramsList', () => {
  it('shows each program with its level and duration, in both languages', () => {
    expect(textOf(renderSection(ProgramsList, { props: {}, data: [ai] }, en, { locale: 'en' }))).toContain(
      "Master's Artificial Intelligence Duration: 2 years · Full-time · English",
    );
    expect(textOf(renderSection(ProgramsList, { props: {}, data: [ai] }, ru))).toContain('Магистратура Artificial Intelligence Срок обучения: 2 years');
    expect(textOf(renderSection(ProgramsList, { props: {}, data: [] }, en, { locale: 'en' }))).toContain('No data to display');
  });

  it('asks for a known level only', async () => {
    const api = scriptedApi(() => ({ data: { items: [] } }));
    await load(loadContext(api, 'ru'), descriptorOf('ProgramsList', { level: 'master' }));
    await load(loadContext(api, 'ru'), descriptorOf('ProgramsList', { level: 'astronaut' }));
    expect(api.calls.map((call) => call.params)).toEqual([{ level: 'master' }, { level: undefined }]);
  });
});
