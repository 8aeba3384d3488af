import type { FastifyReply } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * JSON bodies made once per value: for an answer built from data that changes rarely (a catalogue
 * memoised per snapshot), the route's own serializer runs on the first request of each snapshot and
 * later requests send the same bytes. Keys are the memoised values themselves, so a new snapshot
 * (a fee or commission change) makes a new body and the old one goes with its value.
 */
export class JsonMemo<K extends object> {
  private readonly bodies = new WeakMap<K, string>();

  /** Sends `body(key)` as the route's serializer writes it, serialized once per `key`. */
  send(reply: FastifyReply, key: K, body: (key: K) => unknown): FastifyReply {
    let json = this.bodies.get(key);
    if (json === undefined) this.bodies.set(key, (json = reply.serialize(body(key)) as string));
    return reply.type(JSON_TYPE).send(json);
  }
}
