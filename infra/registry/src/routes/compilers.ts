import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * The routes' schemas are constants, the same objects for every registry server a process starts (the tests start
 * dozens). Compiling them is what a server's start costs most, so every server of the process shares one Ajv per
 * set of options (Ajv keeps what it compiled by schema object) and one response serializer per schema. Compiled
 * code only: no request passes through these caches.
 */
const buildValidator = AjvCompiler();
const buildUncachedSerializer = SerializerSelector();
const serializers = new WeakMap<object, (doc: unknown) => string>();

const buildSerializer: typeof buildUncachedSerializer = (externalSchemas, options) => {
  const compile = buildUncachedSerializer(externalSchemas, options);
  return (route) => {
    const schema = route.schema;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    let serializer = serializers.get(schema);
    if (!serializer) {
      serializer = compile(route);
      serializers.set(schema, serializer);
    }
    return serializer;
  };
};

export const sharedSchemaCompilers: NonNullable<FastifyServerOptions['schemaController']> = { compilersFactory: { buildValidator, buildSerializer } };
