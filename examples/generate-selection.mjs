#!/usr/bin/env node
// Generates the two selection examples (examples/selection/helps and examples/selection/no-gain):
// does picking a subset of systems beat the plain vote of all of them on unseen documents?
//
// - helps/: three strong taggers with independent errors and a bloc of four weak taggers that
//   share most of their errors (each copies one weak tagger's decisions 60% of the time and
//   decides on its own otherwise). Where the bloc agrees on a wrong answer it outvotes the strong
//   systems, so the vote of the strong three beats the vote of all.
// - no-gain/: seven taggers of comparable quality whose errors are independent apart from a
//   shared difficulty of each entity. The best subset on the planning documents wins there by
//   chance; on unseen documents the vote of all is as good.
//
// Everything is invented by the complan project: the text is filled from templates with made-up
// names of people, clubs, companies, towns and countries, and the system outputs are simulated by
// the seeded rules below. Running this script twice produces byte-identical files.
// Usage: node examples/generate-selection.mjs [--quiet]
//
// No dependencies; Node 20+.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { confuseWith, decode, isCap, isWord, streams } from './common.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, 'selection');
const SEED = 20250307;
const QUIET = process.argv.includes('--quiet');
const TYPES = ['PER', 'ORG', 'LOC', 'MISC'];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: mulberry32, one stream per purpose, named by a string.
// ---------------------------------------------------------------------------------------------

const rngFor = streams(SEED);
const pick = (list, rng) => list[Math.floor(rng() * list.length)];
const intIn = (lo, hi, rng) => lo + Math.floor(rng() * (hi - lo + 1));

/** `count` distinct items of `list`. */
function sample(list, count, rng) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, count);
}

// ---------------------------------------------------------------------------------------------
// Invented names. Multi-word names are written with spaces; every word is one token.
// ---------------------------------------------------------------------------------------------

const FIRST = ['Maren', 'Tomas', 'Edda', 'Jonas', 'Olav', 'Ingrid', 'Lidia', 'Aurel', 'Hanne', 'Stefan',
  'Ruth', 'Ilse', 'Petra', 'Kaja', 'Nadia', 'Viktor', 'Miriam', 'Pieter', 'Sven', 'Tilde', 'Erik', 'Clara',
  'Yusuf', 'Rafe', 'Leo', 'Jamie', 'Colm', 'Brita', 'Anselm', 'Dorota', 'Fenna', 'Gideon', 'Halla', 'Ivo',
  'Jorun', 'Kasimir', 'Linnea', 'Matthis', 'Nell', 'Orla', 'Bram', 'Sunniva', 'Teodor', 'Vesna', 'Anne-Marie'];
const SURNAME = ['Holt', 'Reyl', 'Feld', 'Varn', 'Brenn', 'Sohl', 'Marsh', 'Kade', 'Vik', 'Ulm', 'Calder',
  'Marrow', 'Lund', 'Stroud', 'Orvel', 'Hale', 'Oduya', 'Grane', 'Arlo', 'Roos', 'Dahlen', 'Venn', 'Tamm',
  'Dunning', 'Tarrant', 'Oakes', 'Ambrett', 'Belcourt', 'Corrow', 'Dellane', 'Eskvik', 'Falgrave', 'Gorrin',
  'Ivesby', 'Jarrold', 'Kettleby', 'Lorimer', 'Mossart', 'Nethercott', 'Orlund', 'Pellin', 'Quarrie',
  'Rusk', 'Sandvar', 'Tolley', 'Vallow', 'Wexley', 'Yarrow', 'Zell', 'Brackwater', 'Linde', 'Fairhaw'];
// Towns (LOC); most also name a club (ORG) in sport stories.
const TOWN = ['Castlebridge', 'Lowmere', 'Harwick', 'Brenford', 'Tarrow', 'Fenby', 'Wexmoor', 'Millbrook',
  'Oakhollow', 'Orvik', 'Veyra', 'Marle', 'Dunmarrow', 'Amberly', 'Ashvale', 'Drennick', 'Farrowby',
  'Kilnaven', 'Larkholm', 'Morrowdale', 'Nettlefold', 'Istermark', 'Quennet', 'Saltinge', 'Tormouth',
  'Vellby', 'Yelmstow', 'Greystone', 'Pellow Bay', 'New Amberly', 'Upper Drennick', 'Port Sella'];
const COUNTRY = ['Kessland', 'Dravia', 'Solvany', 'Vellmark', 'Corsandia', 'Pelloria', 'Thrane', 'Ostria'];
const NATIONALITY = {
  Kessland: 'Kesslander', Dravia: 'Dravian', Solvany: 'Solvanian', Vellmark: 'Vellmarker',
  Corsandia: 'Corsandian', Pelloria: 'Pellorian', Thrane: 'Thranish', Ostria: 'Ostrian',
};
const RIVER = ['River Tallow', 'River Vessa', 'River Orlen', 'River Brack', 'River Sedge', 'River Mallow'];
const COAST = ['Corran Head', 'Skerra', 'Greystone Fell', 'Marle Hills', 'Lake Ombra', 'Skerra Sound', 'Kettle Point'];
const VENUE_END = ['Park', 'Ground', 'Stadium', 'Arena'];
const CLUB_END = ['Rovers', 'United', 'City', 'Athletic', 'Wanderers', 'Harriers', 'Town', 'Albion'];
const FIRM_ROOT = ['Tallow', 'Meridian', 'Corvane', 'Bluewater', 'Lantern', 'Homeway', 'Kupa', 'Norvane',
  'Ardent', 'Silverline', 'Brightwater', 'Ostrel', 'Vantro', 'Quell', 'Harlow & Finch', 'Redmast', 'Coldspur'];
const FIRM_END = ['Mining', 'Energy', 'Holdings', 'Foods', 'Shipping', 'Steel', 'Motors', 'Telecom', 'Airways',
  'Logistics', 'Group', 'Paper', 'Chemicals'];
const BANK = ['Royal Bank of Tarrow', 'Solvany National Bank', 'Bank of Ashvale', 'Kessland Savings Bank',
  'Vellmark Credit', 'Corvane Bank', 'First Bank of Marle'];
const BROKER = ['Corvane Securities', 'Aske Partners', 'Pellin Brothers', 'Tolley Research', 'Meridian Capital'];
const EXCHANGE = ['Brenford Stock Exchange', 'Veyra Exchange', 'Marle Bourse'];
const PARTY = ['National Renewal Party', 'Forward', 'Kessland First', 'Green League', 'Liberal Union',
  'Workers Alliance', 'Centre Party', 'Coast and Country'];
const AGENCY = ['Electoral Commission', 'Justice Ministry', 'High Court', 'Financial Authority',
  'Meteorological Office', 'Coast Guard', 'Red Cross', 'Transport Ministry', 'Rail Authority'];
const MEDIA = ['KNR Radio', 'Veyra Herald', 'Daily Courant', 'Brenford Post', 'Channel Nine', 'Marle Gazette'];
const UNIVERSITY_OF = ['East Lowmere', 'Brenford', 'Veyra', 'Kilnaven'];
const PUBLISHER = ['Fairhaw Books', 'Lantern Press', 'Ombra House', 'Sedge & Lowe'];
const FOOTBALL_COMP = ['Premier League', 'Cup', 'Super Cup', 'First Division'];
const TENNIS_EVENT = ['Open', 'Indoor Championships', 'Classic', 'Masters'];
const FESTIVAL = ['Lantern Festival', 'Book Fair', 'Film Week', 'Jazz Days', 'Harbour Festival'];
const PRIZE = ['Veyra Prize', 'Golden Quill', 'Ombra Medal', 'Northern Book Award'];
const STORM = ['Oriel', 'Brannoc', 'Isolde', 'Tamsin', 'Ferrand', 'Halvard', 'Corra', 'Wendel'];
const SHOW = ['The Salt Road', 'Winter Harbour', 'A Quiet Coast', 'The Tallow Years', 'Nine Bridges'];
const GOODS = ['copper', 'steel', 'paper', 'grain', 'timber', 'fish', 'cement'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December'];
const SETS = ['6-4 6-3', '6-2 7-5', '7-6 6-4', '6-1 6-2', '6-3 3-6 6-4', '4-6 6-3 7-5', '7-5 6-7 6-2'];
const ORDINAL = ['second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'];

// ---------------------------------------------------------------------------------------------
// Stories. Each topic makes a cast of roles (entities of a document) and has a headline and body
// templates. In a template, `{ROLE}` is an entity of the cast and `{day}`, `{n}` and the like are
// plain words; tokens are separated by spaces. A person is named in full at the first mention and
// usually by surname after that; an organisation with a short name (a club named after its town,
// a firm named after its root) is sometimes called by it after the first mention.
// ---------------------------------------------------------------------------------------------

const ent = (label, text, short) => ({ label, tokens: text.split(' '), short: short ? short.split(' ') : null });
/** Distinct people (distinct first names and surnames, so that a surname names one person in a document). */
function people(count, rng) {
  const first = sample(FIRST, count, rng);
  return sample(SURNAME, count, rng).map((s, k) => ent('PER', `${first[k]} ${s}`, s));
}
const club = (town, rng) => ent('ORG', `${town} ${pick(CLUB_END, rng)}`, town);
const firm = (rng) => {
  const root = pick(FIRM_ROOT, rng);
  return ent('ORG', `${root} ${pick(FIRM_END, rng)}`, root);
};

const TOPICS = {
  football: {
    cast(rng) {
      const towns = sample(TOWN, 5, rng);
      const [p1, p2, p3, p4] = people(4, rng);
      const country = pick(COUNTRY, rng);
      return {
        C1: club(towns[0], rng), C2: club(towns[1], rng), C3: club(towns[2], rng), C4: club(towns[3], rng),
        P1: p1, P2: p2, P3: p3, P4: p4,
        GROUND: ent('LOC', `${pick(SURNAME, rng)} ${pick(VENUE_END, rng)}`),
        T1: ent('LOC', towns[0]), T2: ent('LOC', towns[4]),
        COMP: ent('MISC', `${country} ${pick(FOOTBALL_COMP, rng)}`),
        NAT: ent('MISC', NATIONALITY[pick(COUNTRY, rng)]),
      };
    },
    headline: ['SOCCER - {C1} BEAT {C2} {score} .', 'SOCCER - {P1} DOUBLE LIFTS {C1} .', '{C1} HOLD {C2} TO {score} DRAW .'],
    body: [
      '{P1} scored twice as {C1} beat {C2} {score} on {day} .',
      '{C1} coach {P2} said the win was deserved .',
      'The result leaves {C1} {ord} in the {COMP} , {n} points behind {C3} .',
      '{C2} had led through a first-half header from {P3} .',
      '{P1} , signed from {C4} in {month} , now has {n} goals this season .',
      'A crowd of {big} watched the match at the {GROUND} .',
      '{C2} play {C3} in {T2} next {day} .',
      '{P3} was carried off with a knee injury and is doubtful for the trip to {T2} .',
      'The {NAT} striker joined {C1} from {C4} last year .',
      '" We were poor for an hour , " {P4} told reporters after the game .',
      '{C1} last won the {COMP} in {year} .',
      '{P2} praised {P1} and goalkeeper {P4} .',
      'Fans in {T1} celebrated until late in the evening .',
      '{C3} were held to a goalless draw by {C4} .',
    ],
  },
  tennis: {
    cast(rng) {
      const [c1, c2, c3] = sample(COUNTRY, 3, rng);
      const [p1, p2, p3, p4] = people(4, rng);
      const town = pick(TOWN, rng);
      return {
        P1: p1, P2: p2, P3: p3, P4: p4,
        K1: ent('LOC', c1), K2: ent('LOC', c2), K3: ent('LOC', c3),
        NAT: ent('MISC', NATIONALITY[c1]),
        EVENT: ent('MISC', `${town} ${pick(TENNIS_EVENT, rng)}`),
        EVENT2: ent('MISC', `${pick(TOWN, rng)} ${pick(TENNIS_EVENT, rng)}`),
        SPONSOR: firm(rng), CITY: ent('LOC', town),
      };
    },
    headline: ['TENNIS - {P1} BEATS {P2} TO REACH FINAL .', 'TENNIS - {P1} INTO {EVENT} FINAL .'],
    body: [
      '{P1} of {K1} beat {P2} {sets} in the semi-finals of the {EVENT} on {day} .',
      '{P1} will face {P3} of {K2} in the final .',
      '{P2} has struggled with a shoulder injury since the {EVENT2} .',
      'The tournament , sponsored by {SPONSOR} , offers {big} crowns in prize money .',
      '{P3} needed just {n} minutes to beat {P4} of {K3} .',
      'In the doubles , {P1} and {P4} lost to the {NAT} pair .',
      '{P1} is coached by former champion {P4} .',
      'Organisers in {CITY} said more than {big} tickets had been sold .',
      'Rain delayed the start of play by {n} minutes .',
      '{P2} won the title here in {year} .',
      'Top seed {P3} has not dropped a set all week .',
    ],
  },
  business: {
    cast(rng) {
      const [k1, k2] = sample(COUNTRY, 2, rng);
      const [p1, p2, p3] = people(3, rng);
      let f2 = firm(rng);
      const f1 = firm(rng);
      while (f2.tokens[0] === f1.tokens[0]) f2 = firm(rng);
      return {
        F1: f1, F2: f2, BANK: ent('ORG', pick(BANK, rng)), BROKER: ent('ORG', pick(BROKER, rng)),
        EXCH: ent('ORG', pick(EXCHANGE, rng)), P1: p1, P2: p2, P3: p3,
        K1: ent('LOC', k1), NAT: ent('MISC', NATIONALITY[k2]),
        T1: ent('LOC', pick(TOWN, rng)), T2: ent('LOC', pick(TOWN, rng)),
      };
    },
    headline: ['{F1} TO BUY {F2} .', '{F2} AGREES TAKEOVER BY {F1} .', '{F1} PROFIT UP {n} PERCENT .'],
    body: [
      '{F1} said on {day} it had agreed to buy {F2} for {n} million crowns .',
      'Chief executive {P1} said the deal would make {F1} the largest {goods} producer in {K1} .',
      '{F2} shares rose {n} percent on the {EXCH} .',
      'Analysts at {BROKER} said regulators in {T1} were unlikely to block the deal .',
      'The plant in {T2} employs about {big} people .',
      '" It makes sense for both sides , " said {P2} of {BROKER} .',
      '{F1} will pay for the deal with a loan from {BANK} .',
      '{F2} was founded in {T2} in {year} by {P3} .',
      'The company reported a {n} percent rise in annual profit .',
      '{F1} competes with the {NAT} group {F2} in {goods} .',
      'Unions in {T2} asked {P1} for guarantees on jobs .',
      'The deal is expected to close in {month} .',
    ],
  },
  politics: {
    cast(rng) {
      const [k1, k2] = sample(COUNTRY, 2, rng);
      const [party1, party2] = sample(PARTY, 2, rng);
      const [p1, p2, p3, p4] = people(4, rng);
      const [t1, t2, t3] = sample(TOWN, 3, rng);
      return {
        GOV: ent('ORG', party1), OPP: ent('ORG', party2), AG: ent('ORG', `${k1} ${pick(AGENCY, rng)}`),
        UNI: ent('ORG', `University of ${pick(UNIVERSITY_OF, rng)}`),
        P1: p1, P2: p2, P3: p3, P4: p4,
        T1: ent('LOC', t1), T2: ent('LOC', t2), T3: ent('LOC', t3),
        K1: ent('LOC', k1), K2: ent('LOC', k2), NAT: ent('MISC', NATIONALITY[k2]),
      };
    },
    headline: ['{K1} RULING PARTY LOSES GROUND IN {T1} .', '{OPP} WINS {T1} VOTE .'],
    body: [
      'The governing {GOV} lost its majority in the {T1} regional assembly on {day} .',
      'The opposition {OPP} , led by {P1} , won {n} of the {seats} seats .',
      'Prime Minister {P2} said the result was a warning .',
      '{P1} told supporters in {T2} that voters wanted change .',
      'Turnout was {n} percent , the {AG} said .',
      '{P2} is due to meet {NAT} President {P3} in {T3} next month .',
      'Political analyst {P4} of the {UNI} said {OPP} would struggle in a national election .',
      'The two leaders will discuss the {K1} {K2} border .',
      'The next general election must be held by {month} next year .',
      '{GOV} has governed {K1} since {year} .',
      'Supporters of the {OPP} gathered outside the assembly in {T1} .',
    ],
  },
  weather: {
    cast(rng) {
      const [k1, k2] = sample(COUNTRY, 2, rng);
      const [t1, t2, t3] = sample(TOWN, 3, rng);
      const [p1, p2] = people(2, rng);
      return {
        K1: ent('LOC', k1), K2: ent('LOC', k2), RIVER: ent('LOC', pick(RIVER, rng)), COAST: ent('LOC', pick(COAST, rng)),
        T1: ent('LOC', t1), T2: ent('LOC', t2), T3: ent('LOC', t3),
        GRID: ent('ORG', `${pick(FIRM_ROOT, rng)} Power`, null), MET: ent('ORG', `${k1} Meteorological Office`),
        FERRY: ent('ORG', `${pick(FIRM_ROOT, rng)} Lines`), AID: ent('ORG', `${NATIONALITY[k2]} Red Cross`),
        P1: p1, P2: p2, STORM: ent('MISC', pick(STORM, rng)),
      };
    },
    headline: ['STORM CUTS POWER IN {K1} .', 'FLOODS HIT {T1} .'],
    body: [
      'Heavy rain swept across {K1} overnight , cutting power to {big} homes , {GRID} said .',
      'The {RIVER} burst its banks at {T1} , flooding dozens of houses .',
      'Police closed the road between {T1} and {T2} after a lorry overturned .',
      'The {MET} recorded gusts of {n} km per hour at {COAST} .',
      'Forecaster {P1} said the storm , named {STORM} , would move towards {K2} by {day} .',
      'Ferries run by {FERRY} between {T3} and {COAST} were cancelled .',
      'Emergency services in {T2} said a man aged {n} was taken to hospital .',
      'The {AID} said it had opened shelters in {T3} .',
      'Mayor {P2} of {T1} asked residents to stay indoors .',
      'Schools in {T2} and {T3} will stay closed on {day} .',
      'It was the worst storm in the region since {year} .',
    ],
  },
  court: {
    cast(rng) {
      const [p1, p2, p3, p4, p5] = people(5, rng);
      const k1 = pick(COUNTRY, rng);
      return {
        P1: p1, P2: p2, P3: p3, P4: p4, P5: p5,
        BANK: ent('ORG', pick(BANK, rng)), BANK2: ent('ORG', pick(BANK, rng)),
        AUTH: ent('ORG', `${k1} Financial Authority`), MIN: ent('ORG', 'Justice Ministry'),
        MEDIA: ent('ORG', pick(MEDIA, rng)), T1: ent('LOC', pick(TOWN, rng)), K1: ent('LOC', k1),
      };
    },
    headline: ['FORMER {BANK} CHIEF JAILED .', '{P1} GUILTY OF FRAUD .'],
    body: [
      'A court in {T1} sentenced {P1} , former chairman of {BANK} , to {small} years in prison .',
      'Judge {P2} said {P1} had deceived investors and the {AUTH} .',
      '{P1} denied the charges , and defence lawyer {P3} said there would be an appeal .',
      '{BANK} was rescued in {year} by a group led by {BANK2} .',
      'The case has been closely watched in {K1} .',
      'Spokesman {P4} told {MEDIA} that the {MIN} would review the rules .',
      'Two other former executives , {P5} and {P4} , received suspended sentences .',
      'The trial in {T1} lasted {small} months .',
      'Investors lost more than {n} million crowns when {BANK} collapsed .',
      '{P3} said the verdict would be challenged in {month} .',
    ],
  },
  culture: {
    cast(rng) {
      const [k1, k2] = sample(COUNTRY, 2, rng);
      const [t1, t2] = sample(TOWN, 2, rng);
      const [p1, p2, p3] = people(3, rng);
      return {
        FEST: ent('MISC', `${t1} ${pick(FESTIVAL, rng)}`), PRIZE: ent('MISC', pick(PRIZE, rng)),
        SHOW: ent('MISC', pick(SHOW, rng)), NAT: ent('MISC', NATIONALITY[k2]),
        T1: ent('LOC', t1), T2: ent('LOC', t2), K1: ent('LOC', k1), K2: ent('LOC', k2),
        P1: p1, P2: p2, P3: p3,
        PUB: ent('ORG', pick(PUBLISHER, rng)), SPONSOR: firm(rng), MEDIA: ent('ORG', pick(MEDIA, rng)),
      };
    },
    headline: ['{P2} WINS {PRIZE} .', '{FEST} OPENS IN {T1} .'],
    body: [
      'The {FEST} opens in {T1} on {day} with artists from {K1} and {K2} .',
      'Festival director {P1} said this year \'s programme was the largest yet .',
      '{P2} won the {PRIZE} for {SHOW} , a novel set near {T2} .',
      'The {NAT} writer , published by {PUB} , lives in {T2} .',
      'The event is sponsored by {SPONSOR} .',
      '{P3} reviewed the book for the {MEDIA} .',
      'More than {big} visitors are expected over {small} days .',
      '{P2} will read from {SHOW} on the final evening .',
      'Tickets went on sale in {month} .',
      '{P1} thanked {SPONSOR} and the people of {T1} .',
    ],
  },
};
const TOPIC_NAMES = Object.keys(TOPICS);

function filler(word, rng) {
  switch (word) {
    case 'day': return pick(DAYS, rng);
    case 'month': return pick(MONTHS, rng);
    case 'year': return String(intIn(1979, 1999, rng));
    case 'n': return String(intIn(2, 60, rng));
    case 'small': return String(intIn(2, 9, rng));
    case 'big': return `${intIn(2, 90, rng)},${String(intIn(0, 9, rng) * 100).padStart(3, '0')}`;
    case 'seats': return String(intIn(60, 120, rng));
    case 'score': return `${intIn(1, 4, rng)}-${intIn(0, 3, rng)}`;
    case 'sets': return pick(SETS, rng);
    case 'ord': return pick(ORDINAL, rng);
    case 'goods': return pick(GOODS, rng);
    default: throw new Error(`unknown filler {${word}}`);
  }
}

/** Fills a template: tokens and gold spans. */
function fill(template, cast, mentioned, rng, headline) {
  const tokens = [];
  const spans = [];
  for (const part of template.split(' ')) {
    const m = /^\{(\w+)\}$/.exec(part);
    if (!m) {
      tokens.push(part);
      continue;
    }
    const e = cast[m[1]];
    if (!e) {
      tokens.push(...filler(m[1], rng).split(' '));
      continue;
    }
    // Headlines name people by surname and do not count as a mention.
    const seen = mentioned.has(m[1]);
    if (!headline) mentioned.add(m[1]);
    const shortChance = e.label === 'PER' ? 0.75 : 0.35;
    const short = e.short && (headline ? e.label === 'PER' : seen && rng() < shortChance);
    const words = short ? e.short : e.tokens;
    spans.push({ start: tokens.length, end: tokens.length + words.length, label: e.label });
    tokens.push(...words);
  }
  return { tokens: headline ? tokens.map((t) => t.toUpperCase()) : tokens, gold: spans };
}

/** `count` documents of 5 to 8 sentences: an all-caps headline and body sentences. */
function makeDocuments(dataset, count) {
  const rng = rngFor(`${dataset}/text`);
  const sentences = [];
  for (let d = 1; d <= count; d++) {
    const topic = TOPICS[TOPIC_NAMES[(d - 1 + Math.floor(rng() * 3)) % TOPIC_NAMES.length]];
    const cast = topic.cast(rng);
    const mentioned = new Set();
    const nBody = intIn(4, 7, rng);
    // Body sentences keep the order in which the topic lists them, which tells the story in order.
    const body = sample(topic.body.map((_, i) => i), nBody, rng).sort((a, b) => a - b).map((i) => topic.body[i]);
    const templates = [pick(topic.headline, rng), ...body];
    templates.forEach((tpl, s) => {
      const { tokens, gold } = fill(tpl, cast, mentioned, rng, s === 0);
      sentences.push({ id: `d${d}-s${s + 1}`, doc: d, docStart: s === 0, tokens, gold });
    });
  }
  return sentences;
}

// ---------------------------------------------------------------------------------------------
// Simulated systems. A system makes, for each gold entity, one decision: right, missed, wrong
// type, or a boundary one token too long or too short; and it adds spurious entities on
// capitalised words outside the gold entities (sentence-initial words, titles, days, months,
// headline words). Rates are per entity (per candidate word for spurious ones).
// ---------------------------------------------------------------------------------------------

const CONFUSE = {
  ORG: [['LOC', 0.55], ['PER', 0.25], ['MISC', 0.2]],
  LOC: [['ORG', 0.75], ['MISC', 0.15], ['PER', 0.1]],
  PER: [['ORG', 0.6], ['LOC', 0.3], ['MISC', 0.1]],
  MISC: [['ORG', 0.6], ['LOC', 0.3], ['PER', 0.1]],
};
const confuse = (label, rng) => confuseWith(CONFUSE, label, rng);

const STOP = new Set(['The', 'A', 'In', 'It', 'THE', 'IN', 'TO', 'OF', 'BY', 'UP', 'INTO']);

/** Where a system can put a spurious entity: capitalised words outside gold entities. */
function spuriousSites(sent) {
  const inGold = new Array(sent.tokens.length).fill(false);
  for (const g of sent.gold) for (let i = g.start; i < g.end; i++) inGold[i] = true;
  const sites = [];
  sent.tokens.forEach((t, i) => {
    if (!inGold[i] && isCap(t) && !STOP.has(t)) sites.push(i);
  });
  return { inGold, sites };
}

/**
 * Per-entity and per-site difficulty shared by every system of a dataset: a multiplier of the
 * error rates with mean 1 (a share `hardShare` of items is `hardFactor` times as hard as the rest).
 */
function difficulty(dataset, sentences, { hardShare, hardFactor }) {
  const rng = rngFor(`${dataset}/difficulty`);
  const easy = (1 - hardShare * hardFactor) / (1 - hardShare);
  const draw = () => (rng() < hardShare ? hardFactor : easy);
  return sentences.map((sent) => ({
    entities: sent.gold.map(draw),
    sites: spuriousSites(sent).sites.map(draw),
  }));
}

/** One independent decision for a gold entity: null (right), or the span the system predicts instead. */
function decide(sent, g, rates, mult, rng) {
  const r = rng();
  const pMiss = rates.miss * mult;
  const pType = rates.type * mult;
  const pBound = rates.boundary * mult;
  if (r < pMiss) return { miss: true };
  if (r < pMiss + pType) return { ...g, label: confuse(g.label, rng) };
  if (r < pMiss + pType + pBound) {
    const len = g.end - g.start;
    const options = [];
    if (g.end < sent.tokens.length && isWord(sent.tokens[g.end])) options.push({ ...g, end: g.end + 1 });
    if (g.start > 0 && isWord(sent.tokens[g.start - 1])) options.push({ ...g, start: g.start - 1 });
    if (len >= 2) options.push({ ...g, start: g.start + 1 }, { ...g, end: g.end - 1 });
    if (options.length) return pick(options, rng);
  }
  return null;
}

/** A spurious entity at site i (one word, or two when the next word is capitalised too). */
function spurious(sent, i, rng) {
  const two = i + 1 < sent.tokens.length && isCap(sent.tokens[i + 1]) && rng() < 0.3;
  return { start: i, end: two ? i + 2 : i + 1, label: pick(['ORG', 'MISC', 'MISC', 'PER', 'LOC'], rng) };
}

/**
 * Decisions of one system over the corpus: per sentence, per gold entity (null = right) and per
 * spurious site (null = none). `follow` (with `leader`) copies another system's decision with
 * that probability and decides independently otherwise.
 */
function decisions(dataset, name, sentences, diff, rates, leader = null, follow = 0) {
  const rng = rngFor(`${dataset}/${name}`);
  return sentences.map((sent, n) => {
    const { sites } = spuriousSites(sent);
    const entities = sent.gold.map((g, k) => {
      const own = decide(sent, g, rates, diff[n].entities[k], rng);
      return leader && rng() < follow ? leader[n].entities[k] : own;
    });
    const spur = sites.map((i, k) => {
      const own = rng() < rates.spurious * diff[n].sites[k] ? spurious(sent, i, rng) : null;
      return leader && rng() < follow ? leader[n].spurious[k] : own;
    });
    return { entities, spurious: spur };
  });
}

/** Turns decisions into non-overlapping predicted spans (a decision that would overlap is dropped to the gold span). */
function realise(sentences, dec) {
  return sentences.map((sent, n) => {
    const taken = new Array(sent.tokens.length).fill(false);
    const { inGold } = spuriousSites(sent);
    const out = [];
    const free = (s) => {
      for (let i = s.start; i < s.end; i++) if (taken[i]) return false;
      return true;
    };
    const take = (s) => {
      for (let i = s.start; i < s.end; i++) taken[i] = true;
      out.push({ start: s.start, end: s.end, label: s.label });
    };
    // Boundary errors must not reach into another gold entity.
    const clean = (s, g) => {
      for (let i = s.start; i < s.end; i++) if ((i < g.start || i >= g.end) && inGold[i]) return false;
      return true;
    };
    sent.gold.forEach((g, k) => {
      const d = dec[n].entities[k];
      if (d && d.miss) return;
      const s = d && clean(d, g) && free(d) ? d : g;
      if (free(s)) take(s);
    });
    const { sites } = spuriousSites(sent);
    sites.forEach((_, k) => {
      const s = dec[n].spurious[k];
      if (s && s.end <= sent.tokens.length && free(s) && clean(s, { start: s.start, end: s.start + 1 })) take(s);
    });
    return out.sort((a, b) => a.start - b.start);
  });
}

// ---------------------------------------------------------------------------------------------
// The two datasets
// ---------------------------------------------------------------------------------------------

// Error rates per entity (spurious: per candidate word), tuned so that the split experiment in
// examples/README.md gives the intended result.
const PARAMS = {
  helps: {
    difficulty: { hardShare: 0.1, hardFactor: 5 },
    strong: { miss: 0.05, type: 0.04, boundary: 0.04, spurious: 0.035 },
    weak: { miss: 0.15, type: 0.11, boundary: 0.09, spurious: 0.15 },
    noise: { miss: 0.12, type: 0.09, boundary: 0.07, spurious: 0.12 },
    follow: 0.6,
  },
  'no-gain': {
    difficulty: { hardShare: 0.12, hardFactor: 6 },
    peer: { miss: 0.065, type: 0.045, boundary: 0.045, spurious: 0.05 },
    spread: 0.07,
  },
};

const DATASETS = {
  // Three strong systems with independent errors; four copies of one weak tagger, each copying
  // its decisions with probability `follow` and deciding on its own (`noise`) otherwise.
  helps: {
    documents: 112,
    systems(sentences, diff) {
      const P = PARAMS.helps;
      const base = decisions('helps', 'weak-tagger', sentences, diff, P.weak);
      const out = {};
      for (const s of ['a', 'b', 'c']) out[`strong-${s}`] = decisions('helps', `strong-${s}`, sentences, diff, P.strong);
      for (const k of [1, 2, 3, 4]) {
        out[`weak-bloc-${k}`] = decisions('helps', `weak-bloc-${k}`, sentences, diff, P.noise, base, P.follow);
      }
      return out;
    },
  },
  // Seven systems of comparable quality with independent errors (apart from the shared
  // difficulty), their error rates spread around the mean by -3..+3 times `spread`.
  'no-gain': {
    documents: 112,
    systems(sentences, diff) {
      const P = PARAMS['no-gain'];
      const out = {};
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].forEach((s, k) => {
        const q = 1 + (k - 3) * P.spread;
        const rates = Object.fromEntries(Object.entries(P.peer).map(([kind, r]) => [kind, r * q]));
        out[`peer-${s}`] = decisions('no-gain', `peer-${s}`, sentences, diff, rates);
      });
      return out;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Encoding, scoring and checking
// ---------------------------------------------------------------------------------------------

function encode(n, spans, where) {
  const tags = new Array(n).fill('O');
  for (const s of spans) {
    if (!TYPES.includes(s.label) || s.start < 0 || s.end > n || s.start >= s.end) throw new Error(`${where}: bad span`);
    for (let i = s.start; i < s.end; i++) {
      if (tags[i] !== 'O') throw new Error(`${where}: overlapping spans`);
      tags[i] = (i === s.start ? 'B-' : 'I-') + s.label;
    }
  }
  return tags;
}

/** conlleval chunking (B/I/O). */

function checkIob2(tags, where) {
  tags.forEach((tag, i) => {
    if (!/^(O|[BI]-(PER|ORG|LOC|MISC))$/.test(tag)) throw new Error(`${where}: bad tag ${tag}`);
    if (tag.startsWith('I-') && (i === 0 || tags[i - 1].slice(2) !== tag.slice(2))) throw new Error(`${where}: not IOB2`);
  });
}

const spanKey = (id, s) => `${id}:${s.start}:${s.end}:${s.label}`;
const keysOf = (sentences, pred) => new Set(pred.flatMap((spans, n) => spans.map((s) => spanKey(sentences[n].id, s))));

function score(goldKeys, keys) {
  let tp = 0;
  for (const k of keys) if (goldKeys.has(k)) tp++;
  const p = keys.size ? tp / keys.size : 0;
  const r = tp / goldKeys.size;
  return { tp, fp: keys.size - tp, fn: goldKeys.size - tp, p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}

/** Typed plurality vote per boundary, as `complan combine --rule vote` decides it. */
function vote(sentences, preds, goldKeys) {
  const rank = Object.keys(preds).sort((a, b) => score(goldKeys, keysOf(sentences, preds[b])).f
    - score(goldKeys, keysOf(sentences, preds[a])).f || (a < b ? -1 : 1));
  return sentences.map((sent, n) => {
    const at = new Map();
    for (const name of rank) {
      for (const s of preds[name][n]) {
        const b = `${s.start}:${s.end}`;
        if (!at.has(b)) at.set(b, new Map());
        const labels = at.get(b);
        labels.set(s.label, (labels.get(s.label) ?? 0) + 1);
      }
    }
    const out = [];
    for (const [b, labels] of at) {
      const total = [...labels.values()].reduce((x, y) => x + y, 0);
      const o = rank.length - total;
      let best = null;
      for (const [label, v] of labels) if (!best || v > best[1]) best = [label, v];
      if (best[1] > o) {
        const [start, end] = b.split(':').map(Number);
        out.push({ start, end, label: best[0] });
      }
    }
    return out;
  });
}

const written = [];
function write(rel, text) {
  const path = join(OUT, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  written.push(rel);
}

function goldConll(sentences) {
  const blocks = [];
  for (const sent of sentences) {
    if (sent.docStart) blocks.push('-DOCSTART- O');
    const tags = encode(sent.tokens.length, sent.gold, sent.id);
    checkIob2(tags, sent.id);
    blocks.push(sent.tokens.map((t, i) => `${t} ${tags[i]}`).join('\n'));
  }
  return blocks.join('\n\n') + '\n';
}

function systemConll(sentences, pred, name) {
  const blocks = [];
  sentences.forEach((sent, n) => {
    if (sent.docStart) blocks.push('-DOCSTART- O O');
    const g = encode(sent.tokens.length, sent.gold, sent.id);
    const p = encode(sent.tokens.length, pred[n], `${name} ${sent.id}`);
    checkIob2(p, `${name} ${sent.id}`);
    blocks.push(sent.tokens.map((t, i) => `${t} ${g[i]} ${p[i]}`).join('\n'));
  });
  return blocks.join('\n\n') + '\n';
}

/** Reads a written CoNLL file back: same tokens, same gold column, same predicted spans. */
function checkConllFile(rel, sentences, pred) {
  const lines = readFileSync(join(OUT, rel), 'utf8').split('\n');
  if (lines.pop() !== '') throw new Error(`${rel}: must end with a newline`);
  const columns = pred ? 3 : 2;
  const sents = [];
  let cur = [];
  let docs = 0;
  for (const line of lines) {
    if (line === '') {
      if (cur.length) sents.push(cur);
      cur = [];
      continue;
    }
    const cols = line.split(' ');
    if (cols.length !== columns) throw new Error(`${rel}: expected ${columns} columns: ${line}`);
    if (cols[0] === '-DOCSTART-') {
      if (cur.length || !sentences[sents.length].docStart) throw new Error(`${rel}: misplaced -DOCSTART-`);
      docs++;
      continue;
    }
    cur.push(cols);
  }
  if (cur.length) sents.push(cur);
  if (sents.length !== sentences.length || docs !== sentences.filter((s) => s.docStart).length) {
    throw new Error(`${rel}: sentence or document count`);
  }
  sents.forEach((rows, n) => {
    const sent = sentences[n];
    if (rows.map((r) => r[0]).join(' ') !== sent.tokens.join(' ')) throw new Error(`${rel}: tokens differ in ${sent.id}`);
    const goldSpans = decode(rows.map((r) => r[1]));
    if (JSON.stringify(goldSpans) !== JSON.stringify(sent.gold)) throw new Error(`${rel}: gold differs in ${sent.id}`);
    if (pred && JSON.stringify(decode(rows.map((r) => r[2]))) !== JSON.stringify(pred[n])) {
      throw new Error(`${rel}: predictions differ in ${sent.id}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Build everything
// ---------------------------------------------------------------------------------------------

rmSync(OUT, { recursive: true, force: true });
const report = [];
for (const [dataset, spec] of Object.entries(DATASETS)) {
  const sentences = makeDocuments(dataset, spec.documents);
  for (const sent of sentences) sent.gold.sort((a, b) => a.start - b.start);
  const diff = difficulty(dataset, sentences, PARAMS[dataset].difficulty);
  const systems = spec.systems(sentences, diff);
  const preds = {};
  for (const name of Object.keys(systems).sort()) preds[name] = realise(sentences, systems[name]);

  write(`${dataset}/gold.conll`, goldConll(sentences));
  checkConllFile(`${dataset}/gold.conll`, sentences, null);
  for (const [name, pred] of Object.entries(preds)) {
    write(`${dataset}/systems/${name}.conll`, systemConll(sentences, pred, name));
    checkConllFile(`${dataset}/systems/${name}.conll`, sentences, pred);
  }

  if (!QUIET) {
    const goldKeys = new Set(sentences.flatMap((s) => s.gold.map((g) => spanKey(s.id, g))));
    const byType = Object.fromEntries(TYPES.map((t) => [t, sentences.reduce((a, s) => a + s.gold.filter((g) => g.label === t).length, 0)]));
    const tokens = sentences.reduce((a, s) => a + s.tokens.length, 0);
    report.push(`${dataset}: documents ${spec.documents}, sentences ${sentences.length}, tokens ${tokens}, entities ${goldKeys.size} ${JSON.stringify(byType)}`);
    const row = (name, s) => report.push(`  ${name.padEnd(24)} TP ${String(s.tp).padStart(4)} FP ${String(s.fp).padStart(4)} FN ${String(s.fn).padStart(4)}  P ${(100 * s.p).toFixed(2)} R ${(100 * s.r).toFixed(2)} F1 ${(100 * s.f).toFixed(2)}`);
    for (const [name, pred] of Object.entries(preds)) row(name, score(goldKeys, keysOf(sentences, pred)));
    row('vote of all', score(goldKeys, keysOf(sentences, vote(sentences, preds, goldKeys))));
    if (dataset === 'helps') {
      const strong = Object.fromEntries(Object.entries(preds).filter(([name]) => name.startsWith('strong-')));
      row('vote of strong-*', score(goldKeys, keysOf(sentences, vote(sentences, strong, goldKeys))));
    }
  }
}
if (!QUIET) {
  for (const line of report) console.log(line);
  console.log(`wrote ${written.length} files under ${OUT}`);
}
