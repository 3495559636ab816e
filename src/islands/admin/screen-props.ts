/** What every admin screen gets from the route table (./routes): the `:name` segments of its path. */
export interface ScreenProps {
  params: Record<string, string>;
}
