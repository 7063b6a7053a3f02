import type { RatingOptions, RatingSheet, Traits } from '@school/shared/ratings/responses';
import type { SaveRatingSheetInput, SaveTraitsInput } from '@school/shared/ratings/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RatingPlace {
  termId: string;
  classId: string;
}

/** Query keys of the ratings feature; a save of the traits refreshes everything under `all`. */
export const ratingKeys = {
  all: ['ratings'] as const,
  options: () => [...ratingKeys.all, 'options'] as const,
  traits: () => [...ratingKeys.all, 'traits'] as const,
  sheet: (place: RatingPlace) => [...ratingKeys.all, 'sheet', place] as const,
};

export const ratingOptionsQueryOptions = () => queryOptions({ queryKey: ratingKeys.options(), queryFn: () => api.get<RatingOptions>('/api/ratings/options') });

export function useRatingOptions() {
  return useQuery(ratingOptionsQueryOptions());
}

export function useRatingSheet(place: RatingPlace | null) {
  return useQuery({
    queryKey: ratingKeys.sheet(place ?? { termId: '', classId: '' }),
    queryFn: () => api.get<RatingSheet>(`/api/ratings/sheet?${new URLSearchParams({ termId: place!.termId, classId: place!.classId })}`),
    enabled: Boolean(place),
    retry: false,
  });
}

export function useSaveRatingSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveRatingSheetInput) => api.put<RatingSheet>('/api/ratings/sheet', input),
    onSuccess: (sheet, input) => {
      queryClient.setQueryData(ratingKeys.sheet({ termId: input.termId, classId: input.classId }), sheet);
    },
  });
}

export function useTraits() {
  return useQuery({ queryKey: ratingKeys.traits(), queryFn: () => api.get<Traits>('/api/ratings/traits') });
}

export function useSaveTraits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTraitsInput) => api.put<Traits>('/api/ratings/traits', input),
    onSuccess: async (traits) => {
      queryClient.setQueryData(ratingKeys.traits(), traits);
      // the grids show the active traits
      await queryClient.invalidateQueries({ queryKey: [...ratingKeys.all, 'sheet'] });
    },
  });
}
