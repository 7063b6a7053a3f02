/** A rate as '95.7%', or a dash when nothing was marked. */
export function formatRate(rate: number | null | undefined): string {
  return rate == null ? '—' : `${rate.toFixed(1).replace(/\.0$/, '')}%`;
}

export function RateText({ rate }: { rate: number | null | undefined }) {
  if (rate == null) {
    return (
      <span>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No marks yet</span>
      </span>
    );
  }
  return <span>{formatRate(rate)}</span>;
}
