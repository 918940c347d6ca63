import path from 'node:path';
import { BenchData } from './fixtures.js';
const dir = process.argv[2] ?? '';
const data = new BenchData(path.join(dir, 'shop.sqlite'));
const course = data.courses()[0]?.id ?? '';
const [lesson] = data.lessons(course);
const learners = data.learners(400);
data.enrol(learners.map((l) => l.id), course);
console.log(JSON.stringify({ course, lesson, token: learners[0]?.token }));
