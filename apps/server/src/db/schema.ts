import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Portable types only, so one migration set serves SQLite and PostgreSQL:
 * text ids, ISO-8601 UTC text timestamps, integer 0/1 flags, integer paise, JSON as text.
 */
export interface CoursesTable {
  id: string;
  title: string;
  thumb: string;
  tag: string;
  rating: number;
  instructor: string;
  price_paise: number;
  level: string;
  video_link: string;
  students: number;
  course_description: string;
  description: string;
  what_youll_learn: string;
  curriculum: string;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  courses: CoursesTable;
}
