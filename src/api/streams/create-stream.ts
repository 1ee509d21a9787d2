import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createStreamBody, stream } from '../contract/streams';
import { datasetKeys } from '../datasets/keys';
import { request } from '../http';
import { streamKeys } from './keys';

export const createStreamInput = createStreamBody;
export type CreateStreamInput = z.infer<typeof createStreamInput>;

/** 4.3 Create Stream: creates the stream and its dataset; answers the stream as read back. */
export const createStream = (input: CreateStreamInput) =>
  request({
    method: 'POST',
    path: '/api/data/v1/streams',
    body: createStreamInput.parse(input),
    schema: stream,
  });

export const useCreateStream = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStream,
    // The dataset page opens on the new stream at once; every dataset list now misses its dataset.
    onSuccess: (created) => {
      queryClient.setQueryData(streamKeys.detail(String(created.id)), created);
      return queryClient.invalidateQueries({ queryKey: datasetKeys.lists() });
    },
  });
};
