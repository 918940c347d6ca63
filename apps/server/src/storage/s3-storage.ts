import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkedKey, type ObjectStorage } from './object-storage.js';

export interface S3Settings {
  /** S3_ENDPOINT; unset for AWS itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; unset, the SDK's own chain (instance role, profile) answers. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Bucket in the path (http://host/bucket/key), as MinIO, Garage and s3rver need; AWS takes it in the host. */
  forcePathStyle: boolean;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // The SDK's default since 2025 adds CRC32 checksums and aws-chunked bodies to every upload, which
    // several S3-compatible stores (s3rver, older MinIO and Ceph) refuse; only what the API requires.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Objects in one bucket of an S3-compatible store, through the AWS SDK v3. */
export function createS3Storage(settings: S3Settings, client = createS3Client(settings)): ObjectStorage {
  const Bucket = settings.bucket;
  const size = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    async put(key, body, options = {}) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentType: options.contentType }),
      );
    },
    async putFile(key, localFile, options = {}) {
      const { size: length } = await fs.promises.stat(localFile);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: fs.createReadStream(localFile),
          ContentLength: length,
          ContentType: options.contentType,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    size,
    exists: async (key) => (await size(key)) !== null,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    presignedUrl(key, options) {
      const command = new GetObjectCommand({
        Bucket,
        Key: checkedKey(key),
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: options.contentType,
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
