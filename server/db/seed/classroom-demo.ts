import type { ProgrammingSpecJson, QuizAnswerJson, QuizQuestionKind } from '../types.js';

/**
 * Classroom demo content: what the educator has authored on the lessons of the demo
 * course whose running session learner@halaqa.test attends ("Data Structures and Algorithms",
 * week 3 "Hashing"), so that a fresh `npm start` shows a living classroom: a reading, a video, a
 * quiz of every question kind, a learning path, a document assignment, two programming labs (one in
 * JavaScript, one in Python, with hidden tests) and notes. The meetings of that week get their link and weekly slot from demo-courses.ts.
 *
 * Course content is not translated (it is written in the course's language, English here).
 * `contentHtml` is passed through the classroom sanitiser by the seed, like an educator's save.
 * Shapes follow migration 0005 and docs/classroom.md "Data".
 */

/** A question of a quiz or learning path (`quiz_questions`); `answer` as stored (the answer key). */
export interface DemoQuestion {
  kind: QuizQuestionKind;
  prompt: string;
  /** Default 1; STEP questions weigh 0. */
  points?: number;
  explanation: string | null;
  /** SINGLE/MULTIPLE: `[{id, text}]`; empty for the other kinds. */
  options?: { id: string; text: string }[];
  /** Option ids (SINGLE/MULTIPLE), a boolean (TRUE_FALSE), accepted answers (SHORT_ANSWER), null (STEP). */
  answer: QuizAnswerJson;
}

/** What an educator sets on a lesson beyond the syllabus (the `lessons` columns of migration 0005). */
export interface DemoLessonContent {
  /** Reading/notes/assignment text; sanitised by the seed. */
  contentHtml?: string;
  /** Video lessons: an https link to a video file. */
  videoUrl?: string;
  /** Maximum points of a graded lesson (default 100). */
  points?: number;
  /** Accept work after the week's deadline (default false). */
  allowLate?: boolean;
  /** Quiz time limit in minutes. */
  timeLimitMinutes?: number;
  /** Programming assignment: function under test, starter code, tests (`lessons.programming`). */
  programming?: ProgrammingSpecJson;
  /** Question bank of a quiz or learning path, in order. */
  questions?: DemoQuestion[];
}

/** The options of a choice question, given their texts in order: ids `a`, `b`, `c`… as the answers name them. */
const choices = (...texts: string[]): { id: string; text: string }[] =>
  texts.map((text, i) => ({ id: String.fromCharCode(97 + i), text }));

/** A short CC0 sample video (MDN's interactive examples), playable in an HTML5 `<video>`. */
export const DEMO_VIDEO_URL = 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.webm';

export const HASHING_VIDEO: DemoLessonContent = {
  videoUrl: DEMO_VIDEO_URL,
  contentHtml: `<p>While you watch, keep two questions in mind: what makes a hash function <strong>good</strong>, and what a table does when two keys land in the same bucket.</p>
<ul><li>Uniform spread of keys over buckets</li><li>Separate chaining versus open addressing</li><li>Load factor and resizing</li></ul>`,
};

export const HASHING_READING: DemoLessonContent = {
  contentHtml: `<h2>How hash maps work inside</h2>
<p>A hash map stores key–value pairs in an array of <em>buckets</em>. To find the bucket of a key, the map computes a <strong>hash</strong> of the key — a number — and reduces it to an index with the remainder of a division by the number of buckets.</p>
<p>Two different keys can end up in the same bucket: this is a <strong>collision</strong>. With <em>separate chaining</em>, each bucket holds a small list of entries; with <em>open addressing</em>, the map probes the following buckets until it finds a free one.</p>
<pre><code class="language-js">function bucketOf(key, bucketCount) {
  let hash = 0;
  for (const ch of String(key)) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(hash) % bucketCount;
}

bucketOf('apple', 8); // the same key always lands in the same bucket
</code></pre>
<p>As long as the table is not too full, looking a key up costs a constant number of steps on average. The <strong>load factor</strong> — entries divided by buckets — tells how full it is:</p>
<ol>
  <li>Insert entries while the load factor stays below a threshold (often 0.75).</li>
  <li>Past the threshold, allocate twice as many buckets.</li>
  <li>Rehash every entry into the new array: the amortised cost per insertion stays constant.</li>
</ol>
<p>Further reading: <a href="https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Map">JavaScript's Map on MDN</a>.</p>`,
};

export const HASHING_NOTES: DemoLessonContent = {
  contentHtml: `<h3>Hashing cheat sheet</h3>
<table>
  <thead><tr><th scope="col">Operation</th><th scope="col">Average</th><th scope="col">Worst case</th></tr></thead>
  <tbody>
    <tr><td>Insert</td><td>O(1)</td><td>O(n)</td></tr>
    <tr><td>Look up</td><td>O(1)</td><td>O(n)</td></tr>
    <tr><td>Delete</td><td>O(1)</td><td>O(n)</td></tr>
  </tbody>
</table>
<p>Reach for a <code>Map</code> to count, group or remember what you have already seen; reach for a <code>Set</code> when only membership matters.</p>`,
};

export const HASHING_QUIZ: DemoLessonContent = {
  timeLimitMinutes: 15,
  points: 100,
  allowLate: false,
  questions: [
    {
      kind: 'SINGLE',
      prompt: 'What is the average time to look a key up in a well-sized hash map?',
      options: choices('O(1)', 'O(log n)', 'O(n)', 'O(n log n)'),
      answer: ['a'],
      explanation:
        'The hash leads straight to one bucket, which holds few entries on average while the load factor stays low.',
    },
    {
      kind: 'MULTIPLE',
      prompt: 'Which of these are ways to resolve collisions?',
      points: 2,
      options: choices('Separate chaining', 'Linear probing', 'Binary search', 'Double hashing'),
      answer: ['a', 'b', 'd'],
      explanation:
        'Chaining keeps a list per bucket; linear probing and double hashing are open-addressing strategies. Binary search needs sorted data and is not a collision strategy.',
    },
    {
      kind: 'TRUE_FALSE',
      prompt: 'Two different keys can never have the same hash.',
      answer: false,
      explanation:
        'There are more possible keys than hash values, so collisions are unavoidable: a good hash function only makes them rare.',
    },
    {
      kind: 'SHORT_ANSWER',
      prompt: 'What is the name of the ratio of stored entries to buckets?',
      answer: ['load factor', 'the load factor'],
      explanation: 'The load factor: past a threshold (often 0.75) the table grows and rehashes its entries.',
    },
    {
      kind: 'SINGLE',
      prompt: 'A hash map doubles its buckets when it gets too full. What is the amortised cost of one insertion?',
      options: choices('O(n), because of the rehashing', 'O(1)', 'O(log n)'),
      answer: ['b'],
      explanation:
        'Rehashing n entries happens only after about n cheap insertions, so its cost spreads to a constant per insertion.',
    },
  ],
};

export const HASHING_PATH: DemoLessonContent = {
  questions: [
    {
      kind: 'STEP',
      prompt:
        'Step 1 — Spot the pattern. When a problem asks whether you have "seen" something before, counts occurrences, or groups items by a property, a hash map is usually the tool.',
      points: 0,
      explanation: null,
      answer: null,
    },
    {
      kind: 'STEP',
      prompt:
        'Step 2 — Choose the key. Decide what identifies an item for the question asked: the value itself, a sorted copy of a word (anagrams), or the complement target − x (two sum).',
      points: 0,
      explanation: null,
      answer: null,
    },
    {
      kind: 'STEP',
      prompt:
        'Step 3 — Choose the value. Store what you need when the key shows up again: a count, an index, or a list of items.',
      points: 0,
      explanation: null,
      answer: null,
    },
    {
      kind: 'STEP',
      prompt:
        'Step 4 — Check the cost. One pass with constant-time look-ups gives O(n) time and O(n) extra memory. Say it out loud in an interview.',
      points: 0,
      explanation: null,
      answer: null,
    },
  ],
};

export const HASHING_ASSIGNMENT: DemoLessonContent = {
  points: 100,
  allowLate: false,
  contentHtml: `<p>Design a URL shortener that turns long links into short codes such as <code>hlq.test/x7Kp2</code>.</p>
<ul>
  <li>Which tables or maps do you need, and what are their keys and values?</li>
  <li>How do you generate codes, and what happens when two links get the same code?</li>
  <li>What is the cost of creating a short link and of following one?</li>
</ul>
<p>Hand in a PDF of two pages at most, with a diagram.</p>`,
};

/** `first_unique`, in Python: the reference solution of the seed tests passes every test below, hidden ones included. */
export const HASHING_PYTHON_PROGRAMMING: DemoLessonContent = {
  points: 100,
  allowLate: false,
  contentHtml:
    '<p>The same idea in Python: count every character with a <code>dict</code> (or <code>collections.Counter</code>) in one pass, then find the first one counted once. Use <strong>Run</strong> to try the visible tests as often as you like; <strong>Submit</strong> also runs two hidden ones.</p>',
  programming: {
    language: 'python',
    functionName: 'first_unique',
    starterCode: `def first_unique(s):
    """Returns the index of the first character of s that appears only once, or -1."""
    # Your code here
    return -1
`,
    tests: [
      { name: 'finds the first unique letter', args: ['leetcode'], expected: 0 },
      { name: 'skips repeated letters', args: ['loveleetcode'], expected: 2 },
      { name: 'answers -1 when every letter repeats', args: ['aabb'], expected: -1 },
      { name: 'handles an empty string', args: [''], expected: -1, hidden: true },
      { name: 'handles a long string', args: ['ab'.repeat(500) + 'c'], expected: 1000, hidden: true },
    ],
  },
};

/** `twoSum`: the reference solution used by the seed tests passes every test below. */
export const HASHING_PROGRAMMING: DemoLessonContent = {
  points: 100,
  allowLate: false,
  contentHtml:
    '<p>Solve two sum in one pass with a <code>Map</code>: for each number, look up the complement you need before storing the number itself.</p>',
  programming: {
    functionName: 'twoSum',
    starterCode: `/**
 * Returns the indices [i, j] (i < j) of the two numbers of \`nums\` that add up to \`target\`,
 * or null when no two numbers do. Aim for a single pass with a Map.
 */
function twoSum(nums, target) {
  // Your code here
  return null;
}
`,
    tests: [
      { name: 'finds a pair at the start', args: [[2, 7, 11, 15], 9], expected: [0, 1] },
      { name: 'finds a pair further on', args: [[3, 2, 4], 6], expected: [1, 2] },
      { name: 'uses a value twice only when it appears twice', args: [[3, 3], 6], expected: [0, 1] },
      { name: 'handles negative numbers', args: [[-3, 4, 3, 90], 0], expected: [0, 2] },
      { name: 'answers null when no pair adds up', args: [[1, 2, 3], 7], expected: null },
    ],
  },
};
