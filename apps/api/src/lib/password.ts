import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as a const enum, which plain type stripping cannot read.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** A readable random password for generated accounts (letters and digits, 20 characters). */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
}
