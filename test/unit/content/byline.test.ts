import { describe, expect, it } from 'vitest';
import { cleanByline, givenNameFirst, isPersonName, joinAuthors, startsAsByline } from '../../../src/content/byline.js';

describe('cleanByline', () => {
  it.each([
    ['By Jane Doe', 'Jane Doe'],
    ['Written By: Ola Berg', 'Ola Berg'],
    ['Recipe by Mo Tran', 'Mo Tran'],
    ['Post by rivetgun » 11. Sep 2024, 18:36', 'rivetgun'],
    ['Jane Doe · March 3, 2024 · 4 min read', 'Jane Doe'],
    ['Ada Quill, Ada Quill', 'Ada Quill'],
    ['Stella Kim and Jo Jett', 'Stella Kim and Jo Jett'],
    ['Pat Lowe 4 August 2010', 'Pat Lowe'],
    ['Ria van Dam 2022-11-23T08:10+02:00', 'Ria van Dam'],
    ['Kai Rowe 30 Sep 2022, 11:07am', 'Kai Rowe'],
    ['Yusra3/4/2025 000000Shares facebook twitter', 'Yusra'],
    ['Dee Marsh Last updated on 17 December 2025', 'Dee Marsh'],
    ['quillpen 4,7011818 gold badges5353 silver badges6969 bronze badges', 'quillpen'],
    ['Ren Ito Subscribe Share Copy Link', 'Ren Ito'],
    ['Keith Barrow Senior Autos Reporter', 'Keith Barrow'],
    ['Rita Moss Writer', 'Rita Moss'],
    ['Lars BerntFounder at Woodfold', 'Lars Bernt'],
    ['Wil Judge Former Deputy Tech Editor', 'Wil Judge'],
    ['Bo Park, Privacy and Digital Security Expert', 'Bo Park'],
    ['Zed Cole Writer, Hardware', 'Zed Cole'],
    ['Jeff Callan (Data Analyst)', 'Jeff Callan'],
    ['Shelly Loom, DVM. Reviewed by Mo Price, DVM', 'Shelly Loom, DVM.'],
    ['Angela Bell, MD*', 'Angela Bell, MD'],
    ['Genevieve Carl, Ph.D.', 'Genevieve Carl, Ph.D.'],
    ['Mary Ann Smith', 'Mary Ann Smith'],
    ['Cityzine Contributor', 'Cityzine Contributor'],
    ['Follow the author', 'Follow the author'],
    ['sara.r.peter', 'sara.r.peter'],
    ['By Monica', 'Monica'],
    ['Post by sunflower » 11. Sep 2024, 18:36', 'sunflower'],
    ['Ann Lee · Monty', 'Ann Lee · Monty'],
    ['Jane Doe, March 3, 2024', 'Jane Doe'],
    ['By Jane Doe on March 3, 2024', 'Jane Doe'],
    ['Jane Doe Mar. 3, 2024 10:00 AM', 'Jane Doe'],
    ['Jo Lee Science & Tech Editor', 'Jo Lee'],
    ['By Ann Lee and Bo Park, Staff Writers', 'Ann Lee and Bo Park'],
    ['Jo Lee | Date: March 3, 2024', 'Jo Lee'],
    ['Jo Lee · On March 3, 2024', 'Jo Lee'],
    ['Jo Lee · Weds', 'Jo Lee'],
    ['Anna Date', 'Anna Date'],
    // a name that starts with a month's letters is not a month ("Marco", "Octavia"); "Sept" is
    ['By Marco 99', 'Marco 99'],
    ['Octavia 3 · Sept 9', 'Octavia 3'],
    ['Jo Lee · Sep. 9', 'Jo Lee'],
    ['Juneau 3', 'Juneau 3'],
    ['Mayor 5 · Augusta 4', 'Mayor 5 · Augusta 4'],
    ['Marché 2', 'Marché 2'],
    // a date glued to a name, in another language: the month may be any word with a day and a year
    ['Hans Meier 3. Juni 2024', 'Hans Meier'],
    ['Ana Ruiz 3 junio 2024', 'Ana Ruiz'],
    ['Jean Roy 3 novembre 2024', 'Jean Roy'],
    // "by" in French, Spanish and Dutch, before a name only
    ['Par Sébastien Farcis', 'Sébastien Farcis'],
    ['Por María López', 'María López'],
    ['Door Jan de Vries', 'Jan de Vries'],
    ['Parker Lee', 'Parker Lee'],
    ['Jo Lee, Senior Staff Technologist, Example Project', 'Jo Lee'],
    ['Posted by Bo Park, Software Engineer on Example Play', 'Bo Park'],
    ['Our Foreign Staff', 'Our Foreign Staff'],
    ['Author Isaiah Lind', 'Isaiah Lind'],
    // a relative time after a name, glued or set apart
    ['jamesw 1 year ago', 'jamesw'],
    ['Jo Lee · 3 weeks ago', 'Jo Lee'],
    ['Jo Lee a day ago', 'Jo Lee'],
    // the weekday a cut date leaves behind goes with it; a name that ends like a weekday stays
    ['Posted by BeauHD on Friday October 03, 2025 @10:02AM', 'BeauHD'],
    ['by changingtimes » Sat Mar 02, 2024 10:15 am', 'changingtimes'],
    ['Lee Sun 3 May 2024', 'Lee Sun'],
    ['Kim, Sun', 'Kim, Sun'],
    // a month's name between hyphens, in another language
    ['FlowGuard EMEA on 04-ago-2021 5:11:10', 'FlowGuard EMEA'],
    ['"David Kim"', 'David Kim'],
    ['“Ana Ruiz”', 'Ana Ruiz'],
    ['"David Kim" and "Ana Ruiz"', 'David Kim and Ana Ruiz'],
    ['"David Kim", Staff Writer', 'David Kim'],
    ['jldugger 14.6k2020 gold badges8383 silver badges131131 bronze badges', 'jldugger'],
    ['Authors: Julie Weisenhorn and Natalie Hoidal, Extension horticulture educators', 'Julie Weisenhorn and Natalie Hoidal'],
  ])('%s → %s', (raw, clean) => {
    expect(cleanByline(raw)).toBe(clean);
  });

  it.each([
    ['Written By'],
    ['Contributing Writer'],
    ['Associate Editor, Gadgetline'],
    ['Contributor, Homenet'],
    ['page.head.extra.author'],
    ['{{ author.name }}'],
    ['Sat, 20 Dec, 2025 - 06:36'],
    ['Jun 2 Written By'],
    ['Reviewed by Mo Price'],
    ['Originally published March 3, 2024'],
    ['4 min read'],
    ['x'.repeat(121)],
  ])('%s → null', (raw) => {
    expect(cleanByline(raw)).toBeNull();
  });

  it('reads no further than an author line can be, whatever a page puts in the element', () => {
    const line = `By Ann Lee${' 1'.repeat(500_000)} gold`;
    expect(cleanByline(line)).toBeNull();
    expect(cleanByline(`By Ann Lee${' 1,2'.repeat(300)}`)).toBeNull();
  });

  it('tells a person\'s name from other short capitalised text', () => {
    for (const name of ['Jo Lee', 'Ana de la Cruz', 'Lisa D. Ellis', 'Seán O’Brien', 'J.K. Rowan', 'Martin Lutz King Jr.', 'Mary-Jane O\'Neil', 'José Ramos'.normalize('NFD'), 'João dos Santos', 'Jan ten Brink']) {
      expect(isPersonName(name), name).toBe(true);
    }
    for (const text of ['Ida', 'Become A', 'Writer Guidelines', 'Sign up', 'Design Studio 2024', 'One Two Three Four Five Six', 'Top ten', 'Rio de']) expect(isPersonName(text), text).toBe(false);
  });
});

describe('givenNameFirst and joinAuthors (one author per tag)', () => {
  it.each([
    ['Okafor, Ruth', 'Ruth Okafor'],
    ['de Jong, Michiel', 'Michiel de Jong'],
    ['Ruth Okafor', 'Ruth Okafor'],
    ['Okafor, Jr.', 'Okafor, Jr.'],
    ['Unit 4, Lab 2', 'Unit 4, Lab 2'],
    ['Okafor, Ruth, Lee', 'Okafor, Ruth, Lee'],
    ['Lind, J.', 'J. Lind'],
    ['Okafor, Ruth Ann', 'Ruth Ann Okafor'],
    // credentials and company forms stay where they are
    ['Ann Lee, Ph.D.', 'Ann Lee, Ph.D.'],
    ['Tomas Lind, M.D.', 'Tomas Lind, M.D.'],
    ['Acme, Inc.', 'Acme, Inc.'],
    // a whole name before the comma: two names, or a name and a place
    ['Ruth Okafor, Ivan Petrov', 'Ruth Okafor, Ivan Petrov'],
    ['Ruth Okafor, MIT', 'Ruth Okafor, MIT'],
    // names in other scripts keep their own order
    ['王, 小明', '王, 小明'],
  ])('%s -> %s', (name, expected) => {
    expect(givenNameFirst(name)).toBe(expected);
  });

  it('joins the names without repeats, and is null when none is left', () => {
    expect(joinAuthors(['Ruth Okafor', 'ruth okafor', 'By Ivan Petrov'])).toBe('Ruth Okafor, Ivan Petrov');
    expect(joinAuthors(['', '   '])).toBeNull();
  });

  it('keeps every name that fits, and cuts with "et al." only when some do not', () => {
    const a = `Ann ${'a'.repeat(52)}`;
    const b = `Bo ${'b'.repeat(58)}`;
    // 119 characters together: both, with no "et al."
    expect(joinAuthors([a, b])).toBe(`${a}, ${b}`);
    const c = 'Cy Lind';
    expect(joinAuthors([a, b, c])).toBe(`${a} et al.`);
    expect(joinAuthors([c, a, b])).toBe(`${c}, ${a} et al.`);
  });

  it('sets names that keep a comma apart with semicolons', () => {
    expect(joinAuthors(['Lee, Jr.', 'Ruth Okafor'])).toBe('Lee, Jr.; Ruth Okafor');
  });
});

describe('startsAsByline', () => {
  it.each([
    ['By Jo Lee', true],
    ['WRITTEN BY JO LEE', true],
    ['Par Ana Ruiz', true],
    ['par exemple, un texte', false],
    ['Parker Lee wrote this', false],
    ['Author Ana Ruiz', true],
    ['Author bio', false],
  ])('%s -> %s', (line, expected) => {
    expect(startsAsByline(line)).toBe(expected);
  });
});
