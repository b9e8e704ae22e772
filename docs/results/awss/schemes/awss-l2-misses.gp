# ccgpu plot: l2_misses against scheme, from docs/results/awss/schemes/awss.csv
# render with: gnuplot awss-l2-misses.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-l2-misses.svg'
set title 'L2 misses per scheme (Fig. 6)'
set xlabel 'scheme'
set ylabel 'l2_misses'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"max-TLP" 226446 229346 319470 1856787 4706001 141250 8250 54663
"OptTLP" 226446 219476 319470 1512987 3241201 141250 8250 54663
"AwssSche-Static" 339752 203183 309596 1426164 1738057 111296 4848 54255
"AwssSche" 342890 202443 310014 1426800 1738057 111652 4851 54050
"AwssSche-Relax" 343058 202968 310234 1439775 1859438 112087 4972 54289
"AwssSche-Union" 343131 210770 320255 1429159 1859438 115887 8250 54050
"AwssSche-UnionId" 226446 208452 318457 1395553 1831086 115133 8250 54050
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'sssp', \
     '' using 5 title 'gc', \
     '' using 6 title 'spmv', \
     '' using 7 title 'memc', \
     '' using 8 title 'invidx', \
     '' using 9 title 'kmeans'
