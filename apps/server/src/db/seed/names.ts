/**
 * Nigerian names, phone numbers and Lagos addresses for the demo school. Plain data plus small
 * generators that draw from a seeded Random.
 */
import type { NigerianState } from '@school/shared/constants';
import type { Random } from './random';

export type Ethnicity = 'yoruba' | 'igbo' | 'hausa' | 'other';
export type Gender = 'male' | 'female';

/** Lagos draws families from every part of the country, Yoruba most of all. */
export const ETHNICITY_WEIGHTS: Record<Ethnicity, number> = { yoruba: 45, igbo: 30, hausa: 10, other: 15 };

interface NamePool {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  states: readonly NigerianState[];
}

const POOLS: Record<Ethnicity, NamePool> = {
  yoruba: {
    male: [
      'Adebayo', 'Adewale', 'Ayodele', 'Babatunde', 'Oluwaseun', 'Olumide', 'Olusegun', 'Oluwadamilare', 'Tunde',
      'Kayode', 'Femi', 'Gbenga', 'Tobiloba', 'Segun', 'Oluwatobi', 'Akinwale', 'Adeniyi', 'Abiodun', 'Olamide',
      'Kehinde', 'Taiwo', 'Ademola', 'Oladipo', 'Dayo', 'Bolaji', 'Rotimi', 'Sodiq', 'Lateef', 'Kazeem', 'Ayomide',
      'Ifeoluwa', 'Temitope', 'Damilola', 'Oluwafemi', 'Toluwalase', 'Inioluwa', 'Mayowa', 'Ireoluwa', 'Pelumi',
    ],
    female: [
      'Funmilayo', 'Folake', 'Bukola', 'Adenike', 'Yetunde', 'Omolara', 'Oluwakemi', 'Titilayo', 'Adebimpe',
      'Morenike', 'Abimbola', 'Bisola', 'Modupe', 'Olabisi', 'Simisola', 'Toluwani', 'Oyinkansola', 'Eniola',
      'Mojisola', 'Aderonke', 'Adunni', 'Ayomide', 'Damilola', 'Temitope', 'Omotola', 'Folasade', 'Olayinka',
      'Busayo', 'Fisayo', 'Moyosore', 'Darasimi', 'Fiyinfoluwa', 'Kafayat', 'Aminat', 'Iyanuoluwa', 'Teniola',
    ],
    surnames: [
      'Adeyemi', 'Adebayo', 'Okunola', 'Ogunleye', 'Ogundipe', 'Adewale', 'Akinola', 'Oyelaran', 'Balogun', 'Bakare',
      'Adeleke', 'Afolabi', 'Ajayi', 'Alabi', 'Olaniyan', 'Oyedepo', 'Ogunbiyi', 'Olawale', 'Adesanya', 'Oladipo',
      'Ogunsanya', 'Odusanya', 'Salami', 'Lawal', 'Adekunle', 'Oyewole', 'Akande', 'Olatunji', 'Adegoke', 'Ojo',
      'Oni', 'Falana', 'Durojaiye', 'Adeniran', 'Oluwole', 'Aina', 'Olanrewaju', 'Fagbemi', 'Oyebanji', 'Adelakun',
    ],
    states: ['Lagos', 'Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti', 'Kwara'],
  },
  igbo: {
    male: [
      'Chinedu', 'Emeka', 'Chukwuemeka', 'Obinna', 'Ikenna', 'Nnamdi', 'Chidi', 'Uchenna', 'Kelechi', 'Chibuzor',
      'Ifeanyi', 'Tochukwu', 'Somtochukwu', 'Kenechukwu', 'Ebuka', 'Chukwudi', 'Onyeka', 'Ugochukwu', 'Okechukwu',
      'Chijioke', 'Izuchukwu', 'Kamsiyochukwu', 'Munachimso', 'Ikechukwu', 'Nonso', 'Chidubem', 'Ebube', 'Chisom',
    ],
    female: [
      'Chiamaka', 'Ngozi', 'Adaeze', 'Chioma', 'Amarachi', 'Ifeoma', 'Nneka', 'Uchechi', 'Chinwe', 'Obiageli',
      'Ogechi', 'Adaobi', 'Chidinma', 'Ebere', 'Nkechi', 'Oluchi', 'Chisom', 'Kosisochukwu', 'Ifunanya', 'Chinenye',
      'Onyinyechi', 'Ijeoma', 'Nkiruka', 'Amaka', 'Munachi', 'Chidera', 'Somtochi', 'Ginika', 'Ugonna',
    ],
    surnames: [
      'Okonkwo', 'Eze', 'Okafor', 'Nwosu', 'Obi', 'Okeke', 'Nwankwo', 'Chukwu', 'Onyekachi', 'Okoro', 'Nwachukwu',
      'Ibe', 'Okoye', 'Udeh', 'Anyanwu', 'Nnadi', 'Agu', 'Obiora', 'Onwuka', 'Ogbonna', 'Iwu', 'Nwafor', 'Emenike',
      'Mbah', 'Ekwueme', 'Igwe', 'Ndukwe', 'Oparah', 'Umeh', 'Ezenwa', 'Onuoha', 'Azikiwe',
    ],
    states: ['Anambra', 'Imo', 'Enugu', 'Abia', 'Ebonyi', 'Delta'],
  },
  hausa: {
    male: [
      'Musa', 'Ibrahim', 'Abubakar', 'Aliyu', 'Usman', 'Sani', 'Yusuf', 'Abdullahi', 'Mohammed', 'Bello', 'Umar',
      'Haruna', 'Garba', 'Suleiman', 'Nasiru', 'Kabiru', 'Isa', 'Jamilu', 'Bashir', 'Auwal', 'Shehu', 'Aminu',
    ],
    female: [
      'Aisha', 'Fatima', 'Hauwa', 'Zainab', 'Amina', 'Maryam', 'Hadiza', 'Khadija', 'Halima', 'Safiya', 'Rukayya',
      'Hafsat', 'Bilkisu', 'Jamila', 'Sadiya', 'Salamatu', 'Nafisa', 'Firdausi', 'Zulaihat', 'Ummulkhair',
    ],
    surnames: [
      'Ibrahim', 'Musa', 'Abubakar', 'Bello', 'Yusuf', 'Mohammed', 'Usman', 'Abdullahi', 'Sani', 'Aliyu', 'Garba',
      'Danjuma', 'Lawal', 'Umar', 'Shehu', 'Suleiman', 'Haruna', 'Idris', 'Dikko', 'Kabir', 'Tanko', 'Yakubu',
    ],
    states: ['Kano', 'Kaduna', 'Katsina', 'Sokoto', 'Kebbi', 'Jigawa', 'Zamfara', 'Bauchi', 'Niger', 'Gombe'],
  },
  other: {
    male: [
      'Osagie', 'Efosa', 'Osaro', 'Ekpenyong', 'Etim', 'Effiong', 'Tamunotonye', 'Oghenekaro', 'Ejiro', 'Terkura',
      'Aondona', 'Ochuko', 'Uyi', 'Ufuoma', 'Enobong', 'Ebiowei', 'Tonye', 'Iorwuese', 'Ogheneovo', 'Nsikak',
    ],
    female: [
      'Eseosa', 'Osasere', 'Ebiere', 'Tari', 'Ekaette', 'Mfon', 'Idara', 'Uduak', 'Oghenefejiro', 'Mwuese', 'Doose',
      'Ivie', 'Imade', 'Itohan', 'Ofure', 'Ibiere', 'Nkoyo', 'Eyituoyo', 'Ese', 'Aniekan',
    ],
    surnames: [
      'Osagie', 'Igbinedion', 'Omoregie', 'Edebiri', 'Ekpo', 'Bassey', 'Etim', 'Effiong', 'Okon', 'Akpan', 'Udo',
      'Briggs', 'Alagoa', 'Ikiriko', 'Omatseye', 'Tsav', 'Iorliam', 'Agbo', 'Ochefu', 'Ogbu', 'Edet', 'Inyang',
    ],
    states: ['Edo', 'Delta', 'Rivers', 'Bayelsa', 'Cross River', 'Akwa Ibom', 'Benue', 'Plateau', 'Kogi', 'FCT'],
  },
};

/** Christian first names that many southern families give alongside a native name. */
const ENGLISH_NAMES: Record<Gender, readonly string[]> = {
  male: ['David', 'Daniel', 'Samuel', 'Emmanuel', 'Joshua', 'Victor', 'Michael', 'Joseph', 'Praise', 'Godwin', 'Peter', 'John'],
  female: ['Grace', 'Blessing', 'Esther', 'Deborah', 'Mercy', 'Favour', 'Precious', 'Peace', 'Faith', 'Gift', 'Joy', 'Ruth'],
};

export function pickEthnicity(rng: Random): Ethnicity {
  return rng.weighted(ETHNICITY_WEIGHTS);
}

export function pickSurname(rng: Random, ethnicity: Ethnicity): string {
  return rng.pick(POOLS[ethnicity].surnames);
}

export function pickStateOfOrigin(rng: Random, ethnicity: Ethnicity): NigerianState {
  return rng.pick(POOLS[ethnicity].states);
}

/** A first name; southern families sometimes choose an English one. */
export function pickFirstName(rng: Random, ethnicity: Ethnicity, gender: Gender, englishChance = 0.2): string {
  if (ethnicity !== 'hausa' && rng.chance(englishChance)) return rng.pick(ENGLISH_NAMES[gender]);
  return rng.pick(POOLS[ethnicity][gender]);
}

/** A native middle name, different from the first name. */
export function pickMiddleName(rng: Random, ethnicity: Ethnicity, gender: Gender, firstName: string): string {
  const pool = POOLS[ethnicity][gender].filter((n) => n !== firstName);
  return rng.pick(pool);
}

export function fullName(rng: Random, ethnicity: Ethnicity, gender: Gender): { firstName: string; lastName: string } {
  return { firstName: pickFirstName(rng, ethnicity, gender, 0.1), lastName: pickSurname(rng, ethnicity) };
}

/** The prefixes of the Nigerian mobile networks (MTN, Glo, Airtel, 9mobile). */
const MOBILE_PREFIXES = [
  '0803', '0806', '0813', '0816', '0703', '0706', '0810', '0814', '0903', '0906',
  '0805', '0807', '0815', '0705', '0905', '0802', '0808', '0812', '0701', '0902',
  '0907', '0809', '0817', '0818', '0909', '0908',
] as const;

/** A Nigerian mobile number written the usual way: '0803 123 4567'. */
export function phoneNumber(rng: Random): string {
  const prefix = rng.pick(MOBILE_PREFIXES);
  const middle = String(rng.int(100, 999));
  const last = String(rng.int(0, 9999)).padStart(4, '0');
  return `${prefix} ${middle} ${last}`;
}

/** Streets and the Lagos districts they run through. */
const LAGOS_STREETS: ReadonlyArray<readonly [street: string, district: string]> = [
  ['Allen Avenue', 'Ikeja'],
  ['Obafemi Awolowo Way', 'Ikeja'],
  ['Opebi Road', 'Ikeja'],
  ['Adeniyi Jones Avenue', 'Ikeja'],
  ['Toyin Street', 'Ikeja'],
  ['Oba Akran Avenue', 'Ikeja'],
  ['Kudirat Abiola Way', 'Oregun'],
  ['Ogunlana Drive', 'Surulere'],
  ['Bode Thomas Street', 'Surulere'],
  ['Adeola Odeku Street', 'Victoria Island'],
  ['Admiralty Way', 'Lekki Phase 1'],
  ['Herbert Macaulay Way', 'Yaba'],
  ['Ikorodu Road', 'Maryland'],
  ['Agege Motor Road', 'Mushin'],
  ['Isheri Road', 'Ojodu'],
  ['Awolowo Road', 'Ikoyi'],
  ['Isaac John Street', 'GRA Ikeja'],
  ['Joel Ogunnaike Street', 'GRA Ikeja'],
  ['Omole Phase 2 Road', 'Omole'],
  ['CMD Road', 'Magodo'],
  ['Diya Street', 'Gbagada'],
  ['Olowu Street', 'Ikeja'],
  ['Ogba Road', 'Ogba'],
  ['Aromire Avenue', 'Ikeja'],
  ['Ajao Road', 'Ogba'],
  ['Fola Osibo Road', 'Lekki Phase 1'],
  ['Chevron Drive', 'Lekki'],
  ['Addo Road', 'Ajah'],
  ['Festac 2nd Avenue', 'Festac Town'],
  ['Akowonjo Road', 'Egbeda'],
];

/** A Lagos street address, e.g. '12 Allen Avenue, Ikeja, Lagos'. */
export function lagosAddress(rng: Random): string {
  const [street, district] = rng.pick(LAGOS_STREETS);
  return `${rng.int(1, 120)} ${street}, ${district}, Lagos`;
}

/** 'Funmilayo', 'Adeyemi' → 'funmilayo.adeyemi' (letters only). */
export function emailLocalPart(firstName: string, lastName: string): string {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  return `${clean(firstName)}.${clean(lastName)}`;
}
