public enum Remote {}
