import { NextResponse } from 'next/server';

// What a route handler answers besides a plain body (which withRoute sends as JSON with 200):
// another success status, or a body serialised ahead of time (a cached JSON, gzipped or not).
// Both are typed by the body they carry, so withRoute holds every handler to its route's
// response schema, cached bytes included.

declare const holds: unique symbol;

/** A T already serialised: its JSON text, or that text's bytes (gzipped or not). */
export type Serialised<T, Form extends string | Buffer = string | Buffer> = Form & { readonly [holds]: T };

/** The JSON text of a value, typed by what it holds. */
export const serialise = <T>(value: T): Serialised<T, string> => JSON.stringify(value) as Serialised<T, string>;

/** Bytes made from a serialised T (encoded, compressed) that still hold that T. */
export const recoded = <T>(_of: Serialised<T>, bytes: Buffer): Serialised<T, Buffer> => bytes as Serialised<T, Buffer>;

export class Reply<T> {
  /** Never set: types the reply by the body it sends. */
  declare readonly body?: T;

  private constructor(readonly response: NextResponse) {}

  /** The body as JSON with a success status other than 200 (201 created, 202 queued). */
  static json<T>(body: T, status: 200 | 201 | 202): Reply<T> {
    return new Reply<T>(NextResponse.json(body, { status }));
  }

  /** Bytes serialised ahead of time, with their own headers (Content-Type says plain or gzipped). */
  static bytes<T>(bytes: Serialised<T, Buffer>, headers: Record<string, string>): Reply<T> {
    // The bytes themselves, not a copy (`new Uint8Array(buffer)` would copy them per request).
    const view = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    return new Reply<T>(new NextResponse(view, { headers }));
  }
}
