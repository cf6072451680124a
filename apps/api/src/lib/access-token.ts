import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'affiliate-portal';
const AUDIENCE = 'affiliate-portal-web';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id: checked on every request, so a revoked session stops at once. */
  sid: string;
  /** True for a staff member's login-as session. */
  imp: boolean;
}

export function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sid: claims.sid, imp: claims.imp })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Verifies signature (HS256 only), issuer, audience and expiry. */
export async function verifyAccessToken(secret: string, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return { ok: false, expired: false };
    return { ok: true, claims: { sub: payload.sub, sid: payload.sid, imp: payload.imp === true } };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}
