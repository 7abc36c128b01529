import { SUPPORTED_LANGUAGES, type Language } from 'shared-i18n';
import { findTranslationMismatches } from 'shared-i18n/translation-checks';
import { STORY_FEATURES, VALUES } from './about/aboutHighlights';
import {
  FEATURES_PER_LISTED_SERVICE,
  LISTED_SERVICE_IDS,
  type ListedServiceText,
} from './content/listedServices';
import {
  FAQ_QUESTIONS,
  type BrazilPrivacyNotice,
  LEGAL_SECTIONS,
  SERVICES_PROCESS_STEPS,
  type FaqEntry,
  type Highlight,
  type LegalSection,
} from './content/pageContent';
import {
  BENEFITS_PER_SERVICE,
  PROCESS_STEPS_PER_SERVICE,
  type ProcessStep,
  type ServiceText,
} from './content/serviceEntry';
import { SERVICE_IDS, type ServiceId } from './content/serviceIds';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';

/** The structured part of each language's file; tsc refuses a file that does not fit it. */
interface StructuredCopy {
  serviceDetail: Record<ServiceId, ServiceText>;
  services: {
    listing: Record<(typeof LISTED_SERVICE_IDS)[number], ListedServiceText>;
    process: { steps: ProcessStep[] };
    faq: { items: FaqEntry[] };
  };
  about: {
    story: { features: Record<(typeof STORY_FEATURES)[number]['key'], Highlight> };
    values: { items: Record<(typeof VALUES)[number]['key'], Highlight> };
  };
  privacy: { sections: LegalSection[]; brazil: BrazilPrivacyNotice };
  terms: { sections: LegalSection[] };
}

const copy: Record<Language, StructuredCopy> = { en, es, pt };

function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, path ? `${path}.${key}` : key));
}

test('every string of remote-marketing has the same keys in every language', () => {
  expect(findTranslationMismatches({ en, es, pt })).toEqual([]);
});

test.each([
  ['Spanish', es],
  ['Portuguese', pt],
])('no %s string is left in English', (_, translation) => {
  const english = new Map(strings(en));
  const untranslated = strings(translation).filter(([path, text]) => english.get(path) === text);
  expect(untranslated).toEqual([]);
});

describe.each(SUPPORTED_LANGUAGES)('content in %s', (language) => {
  const { serviceDetail, services, about, privacy, terms } = copy[language];

  test('has an entry for every service id and for nothing else', () => {
    expect(Object.keys(serviceDetail).sort()).toEqual([...SERVICE_IDS].sort());
  });

  test.each(SERVICE_IDS)('%s has five benefits and a four-step process', (id) => {
    expect(serviceDetail[id].benefits.items).toHaveLength(BENEFITS_PER_SERVICE);
    expect(serviceDetail[id].process.steps).toHaveLength(PROCESS_STEPS_PER_SERVICE);
  });

  test('lists six services with five features each', () => {
    expect(Object.keys(services.listing).sort()).toEqual([...LISTED_SERVICE_IDS].sort());
    for (const id of LISTED_SERVICE_IDS) {
      expect(services.listing[id].features).toHaveLength(FEATURES_PER_LISTED_SERVICE);
    }
  });

  test('the services page has a four-step process and six questions', () => {
    expect(services.process.steps).toHaveLength(SERVICES_PROCESS_STEPS);
    expect(services.faq.items).toHaveLength(FAQ_QUESTIONS);
  });

  test('the about page has four story features and six values', () => {
    expect(Object.keys(about.story.features)).toHaveLength(STORY_FEATURES.length);
    expect(Object.keys(about.values.items)).toHaveLength(VALUES.length);
    expect(STORY_FEATURES).toHaveLength(4);
    expect(VALUES).toHaveLength(6);
  });

  test('the privacy policy and the terms have four sections each', () => {
    expect(privacy.sections).toHaveLength(LEGAL_SECTIONS);
    expect(terms.sections).toHaveLength(LEGAL_SECTIONS);
  });
});

/** What the privacy policy must say about the abuse limits' log, in its first two sections. */
const RETENTION: Record<Language, { collected: RegExp[]; used: RegExp[] }> = {
  en: {
    collected: [/network \(IP\) address/, /e-mail address/, /24 hours/, /automated abuse/, /no other use/],
    used: [/network address/, /only to count requests/, /nothing else/, /after 24 hours/],
  },
  es: {
    collected: [
      /dirección de red \(IP\)/,
      /correo electrónico/,
      /24 horas/,
      /abuso automatizado/,
      /ningún otro fin/,
    ],
    used: [/dirección de red/, /solo se usan para contar/, /nada más/, /pasadas 24 horas/],
  },
  pt: {
    collected: [
      /endereço de rede \(IP\)/,
      /endereço de e-mail/,
      /24 horas/,
      /abusos automatizados/,
      /nenhuma outra finalidade/,
    ],
    used: [/endereço de rede/, /apenas para contar/, /para mais nada/, /após 24 horas/],
  },
};

test.each(SUPPORTED_LANGUAGES)(
  'the privacy policy (%s) says, in what it collects and how it uses it, that the booking form keeps the address and e-mail 24 hours against abuse and for nothing else',
  (language) => {
    const [collected, used] = copy[language].privacy.sections;
    const { collected: collectedSays, used: usedSays } = RETENTION[language];
    const item = collected?.items?.find((text) => collectedSays[0]?.test(text));
    for (const pattern of collectedSays) expect(item).toMatch(pattern);
    const paragraph = used?.paragraphs.find((text) => usedSays[0]?.test(text));
    for (const pattern of usedSays) expect(paragraph).toMatch(pattern);
  },
);

/** What the privacy policy must say about the booking's e-mails and cancel link. */
const BOOKING_MAIL: Record<Language, RegExp[]> = {
  en: [
    /confirming it and a reminder/,
    /date and time and a link to cancel it/,
    /every answer you gave in the form/,
    /calendar invitation/,
    /random code/,
    /only once/,
    /fingerprint \(hash\)/,
    /deleted 30 days after they are sent/,
  ],
  es: [
    /que la confirma y un recordatorio/,
    /fecha y la hora de la llamada y un enlace para cancelarla/,
    /todas las respuestas que diste en el formulario/,
    /invitación de calendario/,
    /código aleatorio/,
    /una sola vez/,
    /huella \(hash\)/,
    /se eliminan 30 días después de enviados/,
  ],
  pt: [
    /e-mail de confirmação e um lembrete/,
    /data e o horário da conversa e um link para cancelá-la/,
    /todas as respostas que você deu no formulário/,
    /convite de calendário/,
    /código de seis dígitos/,
    /uma única vez/,
    /impressão digital \(hash\)/,
    /excluídas 30 dias após o envio/,
  ],
};

test.each(SUPPORTED_LANGUAGES)(
  "the privacy policy (%s) says what the booking's e-mails hold, that the cancel link's code is kept only as a hash and works once, and that sent e-mails are deleted after 30 days",
  (language) => {
    const policy = copy[language].privacy.sections.flatMap((section) => section.paragraphs).join(' ');
    for (const pattern of BOOKING_MAIL[language]) expect(policy).toMatch(pattern);
  },
);

/** What the privacy policy must say about the address step's code and how long bookings are kept. */
const ADDRESS_AND_RETENTION: Record<Language, RegExp[]> = {
  en: [
    /six-digit code/,
    /only once you type that code/,
    /nothing else you wrote/,
    /25 hours later/,
    /deleted automatically 24 months after the date of the call/,
  ],
  es: [
    /código de seis dígitos/,
    /solo queda agendada cuando escribes ese código/,
    /nada más de lo que escribiste/,
    /25 horas después/,
    /se eliminan automáticamente 24 meses después de la fecha de la llamada/,
  ],
  pt: [
    /código de seis dígitos/,
    /só é agendada depois que você digita esse código/,
    /nada mais do que você escreveu/,
    /25 horas depois/,
    /excluídas automaticamente 24 meses após a data da conversa/,
  ],
};

test.each(SUPPORTED_LANGUAGES)(
  'the privacy policy (%s) says a code is mailed to confirm the address, and that bookings are deleted 24 months after the call',
  (language) => {
    const policy = copy[language].privacy.sections.flatMap((section) => section.paragraphs).join(' ');
    for (const pattern of ADDRESS_AND_RETENTION[language]) expect(policy).toMatch(pattern);
  },
);

/** What the privacy policy must say about the page timings the shell measures (Web Vitals). */
const PAGE_TIMINGS: Record<Language, { collected: RegExp[]; used: RegExp[] }> = {
  en: {
    collected: [
      /Web Vitals/,
      /main content/,
      /tap or click/,
      /moves while loading/,
      /type of page/,
      /language/,
      /no cookies/,
      /no address of the page/,
      /nothing that identifies you/,
    ],
    used: [
      /page timings/,
      /only to find and fix slow pages/,
      /once per page/,
      /anonymous totals/,
      /keeps neither your network \(IP\) address/,
    ],
  },
  es: {
    collected: [
      /Web Vitals/,
      /contenido principal/,
      /tocas o haces clic/,
      /se mueve mientras carga/,
      /tipo de página/,
      /idioma/,
      /sin cookies/,
      /sin la dirección de la página/,
      /nada que te identifique/,
    ],
    used: [
      /tiempos de las páginas/,
      /solo para encontrar y corregir las páginas lentas/,
      /una vez por página/,
      /totales anónimos/,
      /no guarda tu dirección de red \(IP\)/,
    ],
  },
  pt: {
    collected: [
      /Web Vitals/,
      /conteúdo principal/,
      /toca ou clica/,
      /se movimenta durante o carregamento/,
      /tipo de página/,
      /idioma/,
      /sem cookies/,
      /sem o endereço da página/,
      /nada que identifique você/,
    ],
    used: [
      /tempos de carregamento das páginas/,
      /apenas para encontrar e corrigir páginas lentas/,
      /uma vez por página/,
      /totais anônimos/,
      /não guarda nem o seu endereço de rede \(IP\)/,
    ],
  },
};

test.each(SUPPORTED_LANGUAGES)(
  'the privacy policy (%s) says which page timings are measured, and that only the type of page, the language and the timings are kept: no cookie, no IP address, no address of the page',
  (language) => {
    const [collected, used] = copy[language].privacy.sections;
    const { collected: collectedSays, used: usedSays } = PAGE_TIMINGS[language];
    const item = collected?.items?.find((text) => collectedSays[0]?.test(text));
    for (const pattern of collectedSays) expect(item).toMatch(pattern);
    const paragraph = used?.paragraphs.find((text) => usedSays[0]?.test(text));
    for (const pattern of usedSays) expect(paragraph).toMatch(pattern);
  },
);

test('the FAQ says SEO takes 3 to 6 months and content and social 1 to 3 months', () => {
  const answers = (language: Language) =>
    copy[language].services.faq.items.map((item) => item.answer).join(' ');
  expect(answers('en')).toMatch(/3 to 6 months/);
  expect(answers('en')).toMatch(/1 to 3 months/);
  expect(answers('es')).toMatch(/3 a 6 meses/);
  expect(answers('es')).toMatch(/1 a 3 meses/);
  expect(answers('pt')).toMatch(/3 a 6 meses/);
  expect(answers('pt')).toMatch(/1 a 3 meses/);
});
