/**
 * The usual subjects of the Nigerian national curriculum, by level group, to add in one go (issue 19).
 * A subject belongs to the school, not to a level: English Language is one subject in Primary, JSS
 * and SSS, so a name has the same code in every group it appears in (a test checks this).
 */
import type { ClassLevelGroup } from '../constants';

export interface CatalogueSubject {
  name: string;
  code: string;
}

const s = (name: string, code: string): CatalogueSubject => ({ name, code });

const ENGLISH = s('English Language', 'ENG');
const MATHS = s('Mathematics', 'MTH');
const CIVIC = s('Civic Education', 'CVE');
const CRS = s('Christian Religious Studies', 'CRS');
const IRS = s('Islamic Religious Studies', 'IRS');
const PHE = s('Physical and Health Education', 'PHE');
const CCA = s('Cultural and Creative Arts', 'CCA');
const FRENCH = s('French', 'FRE');
const YORUBA = s('Yoruba', 'YOR');
const IGBO = s('Igbo', 'IGB');
const HAUSA = s('Hausa', 'HAU');
const AGRIC = s('Agricultural Science', 'AGR');
const HOME_ECONOMICS = s('Home Economics', 'HEC');
const COMPUTER = s('Computer Studies', 'CMP');
const SOCIAL = s('Social Studies', 'SOS');
const BASIC_SCIENCE = s('Basic Science', 'BSC');
const BASIC_TECH = s('Basic Technology', 'BTE');
const HISTORY = s('History', 'HIS');

export const SUBJECT_CATALOGUE: Readonly<Record<ClassLevelGroup, readonly CatalogueSubject[]>> = {
  Nursery: [
    s('Number Work', 'NUM'),
    s('Letter Work', 'LET'),
    s('Health Habits', 'HHB'),
    s('Social Habits', 'SHB'),
    s('Rhymes and Songs', 'RHY'),
    s('Colouring and Drawing', 'CLR'),
    s('Elementary Science', 'ESC'),
    s('Bible Knowledge', 'BKN'),
    s('Islamic Knowledge', 'IKN'),
    s('Phonics', 'PHO'),
    s('Writing', 'WRT'),
  ],
  Primary: [
    ENGLISH,
    MATHS,
    s('Basic Science and Technology', 'BST'),
    s('National Values Education', 'NVE'),
    s('Pre-vocational Studies', 'PVS'),
    SOCIAL,
    CIVIC,
    CRS,
    IRS,
    PHE,
    CCA,
    AGRIC,
    HOME_ECONOMICS,
    COMPUTER,
    HISTORY,
    s('Verbal Reasoning', 'VRB'),
    s('Quantitative Reasoning', 'QTR'),
    FRENCH,
    YORUBA,
    IGBO,
    HAUSA,
  ],
  JSS: [
    ENGLISH,
    MATHS,
    BASIC_SCIENCE,
    BASIC_TECH,
    SOCIAL,
    CIVIC,
    CRS,
    IRS,
    s('Business Studies', 'BUS'),
    HOME_ECONOMICS,
    AGRIC,
    PHE,
    COMPUTER,
    CCA,
    HISTORY,
    s('Security Education', 'SEC'),
    FRENCH,
    YORUBA,
    IGBO,
    HAUSA,
  ],
  SSS: [
    // core
    ENGLISH,
    MATHS,
    CIVIC,
    s('Biology', 'BIO'),
    s('Data Processing', 'DPR'),
    // sciences
    s('Physics', 'PHY'),
    s('Chemistry', 'CHM'),
    s('Further Mathematics', 'FMT'),
    AGRIC,
    s('Geography', 'GEO'),
    s('Technical Drawing', 'TDR'),
    COMPUTER,
    // humanities
    s('Literature in English', 'LIT'),
    s('Government', 'GOV'),
    HISTORY,
    CRS,
    IRS,
    FRENCH,
    YORUBA,
    IGBO,
    HAUSA,
    s('Visual Arts', 'VAR'),
    s('Music', 'MUS'),
    // commercial
    s('Economics', 'ECO'),
    s('Financial Accounting', 'ACC'),
    s('Commerce', 'COM'),
    s('Office Practice', 'OFP'),
    s('Marketing', 'MKT'),
    // trades
    s('Catering Craft Practice', 'CAT'),
    s('Garment Making', 'GMK'),
    s('Physical and Health Education', 'PHE'),
  ],
};

/** The level groups of the catalogue, lowest first. */
export const CATALOGUE_GROUPS = Object.keys(SUBJECT_CATALOGUE) as ClassLevelGroup[];
