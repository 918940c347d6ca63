/** Load size and length, from the environment so a longer soak needs no code change. */
function whole(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

export const settings = {
  learners: whole('RELIABILITY_LEARNERS', 200),
  loadSeconds: whole('RELIABILITY_LOAD_SECONDS', 60),
  faultSeconds: whole('RELIABILITY_FAULT_SECONDS', 30),
  kills: whole('RELIABILITY_KILLS', 3),
};
