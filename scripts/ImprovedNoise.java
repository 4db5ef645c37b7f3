/*
 * Writes test/noise/fixtures/improved-noise-reference.json: Ken Perlin's reference Java
 * implementation of Improved Noise (https://mrl.nyu.edu/~perlin/noise/, copied verbatim
 * below) evaluated at ~200 points, so that src/noise/improved-noise.ts can be checked
 * against the real thing at many points without Java in CI.
 *
 * Rerun (Java 11+):
 *   java scripts/ImprovedNoise.java > test/noise/fixtures/improved-noise-reference.json
 *
 * Each point is printed twice: as a decimal (for people) and as the raw IEEE-754 bits in
 * hex (for the test), because Java 17's Double.toString is not always the shortest
 * round-tripping decimal that JavaScript prints, and the comparison must be bit-exact.
 * The inputs are printed as bits too, so the test feeds JavaScript exactly the same doubles.
 *
 * The printing class comes first so that `java ImprovedNoise.java` (single-file source
 * mode, which runs the first class in the file) runs it.
 */
class PrintImprovedNoiseReference {
   static String bits(double d) { return String.format("%016x", Double.doubleToRawLongBits(d)); }

   public static void main(String[] args) {
      java.util.List<double[]> points = new java.util.ArrayList<>();
      // The classic check value, lattice points, cell centres, and the corners of the period.
      points.add(new double[] { 3.14, 42, 7 });
      points.add(new double[] { 0, 0, 0 });
      points.add(new double[] { 0.5, 0.5, 0.5 });
      points.add(new double[] { -0.5, -0.5, -0.5 });
      points.add(new double[] { 255.75, 256.25, -256.5 });
      points.add(new double[] { 1e-9, -1e-9, 0.999999999 });
      points.add(new double[] { 123456.789, -98765.4321, 0.001 });
      // A deterministic spread: an LCG (no java.util.Random, so the list is obvious from here)
      // over several scales, negative and fractional, some points exactly on lattice lines.
      long s = 12345;
      double[] scales = { 1, 2, 10, 100, 300, 1000, 70000 };
      for (int i = 0; points.size() < 200; i++) {
         double[] p = new double[3];
         for (int k = 0; k < 3; k++) {
            s = (s * 6364136223846793005L + 1442695040888963407L);
            double r = (double) (s >>> 11) / (double) (1L << 53); // [0, 1)
            double v = (r * 2 - 1) * scales[(i + k) % scales.length];
            if ((i + k) % 11 == 0) v = Math.floor(v);          // on a lattice plane
            else if ((i + k) % 13 == 0) v = Math.floor(v) + 0.5; // mid-cell
            p[k] = v;
         }
         points.add(p);
      }
      StringBuilder out = new StringBuilder();
      out.append("{\n  \"source\": \"Ken Perlin's ImprovedNoise.java (2002), run by scripts/ImprovedNoise.java on Java ")
         .append(System.getProperty("java.version")).append("\",\n  \"points\": [\n");
      for (int i = 0; i < points.size(); i++) {
         double[] p = points.get(i);
         double n = ImprovedNoise.noise(p[0], p[1], p[2]);
         out.append("    {\"x\": ").append(p[0]).append(", \"y\": ").append(p[1]).append(", \"z\": ").append(p[2])
            .append(", \"noise\": ").append(n)
            .append(", \"bits\": [\"").append(bits(p[0])).append("\", \"").append(bits(p[1])).append("\", \"")
            .append(bits(p[2])).append("\", \"").append(bits(n)).append("\"]}")
            .append(i + 1 < points.size() ? ",\n" : "\n");
      }
      out.append("  ]\n}");
      System.out.println(out);
   }
}

// ---- Verbatim from https://mrl.nyu.edu/~perlin/noise/ below this line. ----

// JAVA REFERENCE IMPLEMENTATION OF IMPROVED NOISE - COPYRIGHT 2002 KEN PERLIN.

public final class ImprovedNoise {
   static public double noise(double x, double y, double z) {
      int X = (int)Math.floor(x) & 255,                  // FIND UNIT CUBE THAT
          Y = (int)Math.floor(y) & 255,                  // CONTAINS POINT.
          Z = (int)Math.floor(z) & 255;
      x -= Math.floor(x);                                // FIND RELATIVE X,Y,Z
      y -= Math.floor(y);                                // OF POINT IN CUBE.
      z -= Math.floor(z);
      double u = fade(x),                                // COMPUTE FADE CURVES
             v = fade(y),                                // FOR EACH OF X,Y,Z.
             w = fade(z);
      int A = p[X  ]+Y, AA = p[A]+Z, AB = p[A+1]+Z,      // HASH COORDINATES OF
          B = p[X+1]+Y, BA = p[B]+Z, BB = p[B+1]+Z;      // THE 8 CUBE CORNERS,

      return lerp(w, lerp(v, lerp(u, grad(p[AA  ], x  , y  , z   ),  // AND ADD
                                     grad(p[BA  ], x-1, y  , z   )), // BLENDED
                             lerp(u, grad(p[AB  ], x  , y-1, z   ),  // RESULTS
                                     grad(p[BB  ], x-1, y-1, z   ))),// FROM  8
                     lerp(v, lerp(u, grad(p[AA+1], x  , y  , z-1 ),  // CORNERS
                                     grad(p[BA+1], x-1, y  , z-1 )), // OF CUBE
                             lerp(u, grad(p[AB+1], x  , y-1, z-1 ),
                                     grad(p[BB+1], x-1, y-1, z-1 ))));
   }
   static double fade(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }
   static double lerp(double t, double a, double b) { return a + t * (b - a); }
   static double grad(int hash, double x, double y, double z) {
      int h = hash & 15;                      // CONVERT LO 4 BITS OF HASH CODE
      double u = h<8 ? x : y,                 // INTO 12 GRADIENT DIRECTIONS.
             v = h<4 ? y : h==12||h==14 ? x : z;
      return ((h&1) == 0 ? u : -u) + ((h&2) == 0 ? v : -v);
   }
   static final int p[] = new int[512], permutation[] = { 151,160,137,91,90,15,
   131,13,201,95,96,53,194,233,7,225,140,36,103,30,69,142,8,99,37,240,21,10,23,
   190, 6,148,247,120,234,75,0,26,197,62,94,252,219,203,117,35,11,32,57,177,33,
   88,237,149,56,87,174,20,125,136,171,168, 68,175,74,165,71,134,139,48,27,166,
   77,146,158,231,83,111,229,122,60,211,133,230,220,105,92,41,55,46,245,40,244,
   102,143,54, 65,25,63,161, 1,216,80,73,209,76,132,187,208, 89,18,169,200,196,
   135,130,116,188,159,86,164,100,109,198,173,186, 3,64,52,217,226,250,124,123,
   5,202,38,147,118,126,255,82,85,212,207,206,59,227,47,16,58,17,182,189,28,42,
   223,183,170,213,119,248,152, 2,44,154,163, 70,221,153,101,155,167, 43,172,9,
   129,22,39,253, 19,98,108,110,79,113,224,232,178,185, 112,104,218,246,97,228,
   251,34,242,193,238,210,144,12,191,179,162,241, 81,51,145,235,249,14,239,107,
   49,192,214, 31,181,199,106,157,184, 84,204,176,115,121,50,45,127, 4,150,254,
   138,236,205,93,222,114,67,29,24,72,243,141,128,195,78,66,215,61,156,180
   };
   static { for (int i=0; i < 256 ; i++) p[256+i] = p[i] = permutation[i]; }
}
